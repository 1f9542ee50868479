import { Trans, useTranslation } from '@nimbus/i18n';
import { Checkbox } from '@nimbus/ui/checkbox';
import { Link } from '@nimbus/ui/link';

// react-i18next's <Trans> (with its HTML parser) comes only with the screens that show the
// agreement (log in, register).
/** "I have read and agree to the User Agreement and Privacy Policy", with both links. */
export function AgreementCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  return (
    <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} error={error}>
      <Trans
        t={t}
        i18nKey="agreement"
        components={{
          terms: <Link href="/clause/terms" external externalLabel="" />,
          privacy: <Link href="/clause/privacy" external externalLabel="" />,
        }}
      />
    </Checkbox>
  );
}
