import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { useMutation } from '@tanstack/react-query';
import { consoleApi } from '../session/console-api.ts';
import { messageOf } from './errors.ts';

/** Support unbinds one of a member's devices (the slot is free again); the server audits it. */
export function UnbindDeviceButton({
  userId,
  device,
  onDone,
}: {
  userId: string;
  device: { id: string; name: string };
  /** With the sentence to announce (done or refused). */
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation('admin');
  const unbind = useMutation({
    mutationFn: () => consoleApi().adminUserUnbindDevice({ userId, deviceId: device.id }),
    onSuccess: () => onDone(t('device_unbound', { name: device.name })),
    onError: (error) => onDone(messageOf(error)),
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={t('unbind_device', { name: device.name })}
      loading={unbind.isPending}
      onClick={() => unbind.mutate()}
    >
      {t('unbind')}
    </Button>
  );
}
