import type { GroupBuy, PaymentMethod } from '@nimbus/api-sdk/contract';
import {
  useLoginState,
  usePaymentJointDetail,
  usePaymentJointPurchase,
  usePaymentShop,
  useSystemClientConfig,
} from '@nimbus/api-sdk/react';
import { GROUP_BUY_SIZES } from '@nimbus/domain/constants';
import { GroupBuyPaymentType } from '@nimbus/domain/enums';
import { groupCreatorAmountMinor } from '@nimbus/domain/group-buy';
import { formatMoney, prepareNumberFormatting, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { useRemaining } from '@nimbus/ui/countdown';
import { Spinner } from '@nimbus/ui/spinner';
import { loginUrl, useGo, useHydrated } from '@nimbus/web';
import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PaymentMethodPicker } from '../../components/payment-methods.tsx';
import * as page from '../../styles/page.css.ts';
import { LazyPaymentResultDialog } from '../pricing/LazyPaymentResultDialog.tsx';
import { GroupCard } from './GroupCard.tsx';
import * as styles from './GroupBuyPage.css.ts';

// The page shows prices: ICU's number data loads now, in a task apart from the render.
prepareNumberFormatting();

/**
 * Group buying (spec sections 2 and 4): offers, creating a group (2 or 3 people, pay-all or
 * pay-self), joining through an invite link (?groupId=), countdown and 'Ended', the
 * not-yet-started notice when the service is off, every refusal.
 */
export default function GroupBuyPage() {
  const { t } = useTranslation(['group-buy', 'pricing', 'common']);
  const language = useLanguage();
  const [search] = useSearchParams();
  const go = useGo();
  const loginState = useLoginState();
  // The page is pre-rendered without a query string: the invite's group is read once hydrated.
  const hydrated = useHydrated();
  const groupId = hydrated ? search.get('groupId') : null;
  const config = useSystemClientConfig({});
  const shop = usePaymentShop({});
  const invited = usePaymentJointDetail(
    { groupId: groupId ?? '' },
    { enabled: groupId !== null && groupId !== '' },
  );
  const create = usePaymentJointPurchase();
  const [created, setCreated] = useState<GroupBuy | null>(null);
  // The group just created, as the server has it now: its card follows the creator's payment
  // (polled until the creator has paid, refreshed when the payment dialog reports it).
  const createdNow = usePaymentJointDetail(
    { groupId: created?.groupId ?? '' },
    {
      enabled: created !== null,
      refetchInterval: (query) => (query.state.data?.creatorPaid === false ? 3000 : false),
    },
  );

  const offers = (shop.data?.items ?? []).filter((plan) => plan.groupBuy.length > 0);
  const methods = (config.data?.paymentMethods ?? []).filter(
    (m): m is Exclude<PaymentMethod, 'crypto'> => m !== 'crypto',
  );
  const [productId, setProductId] = useState<string | undefined>();
  const [size, setSize] = useState<2 | 3>(2);
  const [paymentType, setPaymentType] = useState<GroupBuyPaymentType>(GroupBuyPaymentType.PAY_SELF);
  const [methodChoice, setMethodChoice] = useState<PaymentMethod | undefined>();
  const method = methodChoice ?? methods[0];
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [result, setResult] = useState<{ orderId: string; groupId: string } | null>(null);

  const refreshGroups = useCallback(() => {
    if (created) void createdNow.refetch();
    if (groupId) void invited.refetch();
  }, [created, createdNow, groupId, invited]);

  const offer = offers.find((p) => p.productId === productId) ?? offers[0];
  const unit = offer?.groupBuy.find((g) => g.size === size);

  const service = config.data?.groupBuy;
  // Read from the clock, once a minute: the form opens when the service starts and closes when
  // it ends, without a reload.
  const untilStart = useRemaining(service?.startsAt ?? null, 60_000);
  const untilEnd = useRemaining(service?.endsAt ?? null, 60_000);
  const notStarted =
    service !== undefined && (!service.enabled || (service.startsAt !== null && untilStart > 0));
  const ended = service?.endsAt != null && untilEnd === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!offer || !method) return;
    if (loginState !== 'loggedIn') {
      go(loginUrl('/group-buying'));
      return;
    }
    const tab = window.open('about:blank', '_blank');
    create.mutate(
      { productId: offer.productId, size, paymentType, paymentMethod: method, idempotencyKey },
      {
        onSuccess: (result) => {
          setCreated(result.group);
          setIdempotencyKey(crypto.randomUUID());
          if (result.checkoutUrl && tab) {
            tab.location.href = result.checkoutUrl;
            setResult({ orderId: result.orderId, groupId: result.group.groupId });
          } else tab?.close();
        },
        onError: () => tab?.close(),
      },
    );
  };

  return (
    <main className={page.section}>
      <div className={page.container}>
        <h1 className={page.pageTitle}>{t('group-buy:title')}</h1>
        <p className={page.lead}>{t('group-buy:subtitle')}</p>

        {groupId && (
          <div className={styles.invite}>
            {invited.isPending ? (
              <Spinner label={t('common:loading')} />
            ) : invited.data ? (
              <GroupCard
                group={invited.data}
                paymentMethod={method}
                onCheckout={(orderId, url) =>
                  url && invited.data && setResult({ orderId, groupId: invited.data.groupId })
                }
              />
            ) : null}
          </div>
        )}

        {notStarted ? (
          <p className={`${page.notice} ${page.mtXl}`} role="status">
            {t('group-buy:not_started')}
          </p>
        ) : ended ? (
          <p className={`${page.notice} ${page.mtXl}`} role="status">
            {t('group-buy:refuse_ended')}
          </p>
        ) : created ? (
          <div className={styles.invite}>
            <p className={page.successBox} role="status">
              {t('group-buy:create_success')}
            </p>
            <GroupCard
              group={{ ...(createdNow.data ?? created), viewerRole: 'creator' }}
              paymentMethod={method}
              onCheckout={() => undefined}
            />
          </div>
        ) : shop.isPending || config.isPending ? (
          <Spinner label={t('common:loading')} showLabel />
        ) : (
          <div className={`${page.grid[2]} ${page.mtXl} ${page.alignStart}`}>
            <form className={page.tile} onSubmit={submit} aria-labelledby="offers-title">
              <h2 id="offers-title" className={page.tileTitle}>
                {t('group-buy:offers_title')}
              </h2>
              <div className={page.stack}>
                <fieldset className={styles.fieldset}>
                  <legend className={styles.legend}>{t('group-buy:col_product')}</legend>
                  {offers.map((plan) => (
                    <label key={plan.productId} className={styles.option}>
                      <input
                        type="radio"
                        name="offer"
                        value={plan.productId}
                        checked={offer?.productId === plan.productId}
                        onChange={() => setProductId(plan.productId)}
                      />
                      {/* The plan's name holds its length ("Standard · 1 month"). */}
                      <span>{plan.name}</span>
                    </label>
                  ))}
                </fieldset>
                <fieldset className={styles.fieldset}>
                  <legend className={styles.legend}>{t('group-buy:group_size')}</legend>
                  {GROUP_BUY_SIZES.map((n) => {
                    const price = offer?.groupBuy.find((g) => g.size === n);
                    return (
                      <label key={n} className={styles.option}>
                        <input
                          type="radio"
                          name="size"
                          value={n}
                          checked={size === n}
                          onChange={() => setSize(n)}
                          disabled={!price}
                        />
                        <span>
                          {t('group-buy:size_people', { count: n })}
                          {price && offer
                            ? ` · ${t('group-buy:price_per_person', { price: formatMoney(price.unitPriceMinor, offer.currency, language) })}`
                            : ''}
                        </span>
                      </label>
                    );
                  })}
                </fieldset>
                <fieldset className={styles.fieldset}>
                  <legend className={styles.legend}>{t('group-buy:payment_type')}</legend>
                  {[GroupBuyPaymentType.PAY_SELF, GroupBuyPaymentType.PAY_ALL].map((type) => (
                    <label key={type} className={styles.option}>
                      <input
                        type="radio"
                        name="payment-type"
                        value={type}
                        checked={paymentType === type}
                        onChange={() => setPaymentType(type)}
                      />
                      <span>
                        <strong>
                          {type === GroupBuyPaymentType.PAY_ALL
                            ? t('group-buy:pay_all')
                            : t('group-buy:pay_self')}
                        </strong>
                        <span className={styles.desc}>
                          {type === GroupBuyPaymentType.PAY_ALL
                            ? t('group-buy:pay_all_desc')
                            : t('group-buy:pay_self_desc')}
                        </span>
                      </span>
                    </label>
                  ))}
                </fieldset>
                {methods.length > 0 && (
                  <PaymentMethodPicker
                    name="group-payment-method"
                    methods={methods}
                    value={method}
                    onChange={setMethodChoice}
                  />
                )}
                {offer && unit && (
                  <div className={page.summaryTotal}>
                    <span>{t('pricing:summary_total')}</span>
                    <span>
                      {formatMoney(
                        groupCreatorAmountMinor({
                          paymentType,
                          unitPriceMinor: unit.unitPriceMinor,
                          size,
                        }),
                        offer.currency,
                        language,
                      )}
                    </span>
                  </div>
                )}
                {offer && unit && offer.priceMinor > unit.unitPriceMinor && (
                  <p className={page.text}>
                    {t('group-buy:save_vs_single', {
                      amount: formatMoney(
                        offer.priceMinor - unit.unitPriceMinor,
                        offer.currency,
                        language,
                      ),
                    })}
                  </p>
                )}
                <Button
                  type="submit"
                  size="lg"
                  fullWidth
                  loading={create.isPending}
                  disabled={!offer || !unit || !method || loginState === 'unknown'}
                >
                  {loginState === 'loggedIn'
                    ? t('group-buy:create_group')
                    : t('pricing:login_to_pay')}
                </Button>
              </div>
            </form>
            <section className={page.tile} aria-labelledby="how-title">
              <h2 id="how-title" className={page.tileTitle}>
                {t('group-buy:how_title')}
              </h2>
              <ol className={page.list}>
                <li>{t('group-buy:how_step_1')}</li>
                <li>{t('group-buy:how_step_2')}</li>
                <li>{t('group-buy:how_step_3')}</li>
              </ol>
              <p className={`${page.text} ${page.mtMd}`}>{t('group-buy:how_unfilled')}</p>
            </section>
          </div>
        )}
      </div>
      {result && (
        <LazyPaymentResultDialog
          orderId={result.orderId}
          groupId={result.groupId}
          open
          onClose={() => setResult(null)}
          onRetry={() => setResult(null)}
          onPaid={refreshGroups}
        />
      )}
    </main>
  );
}
