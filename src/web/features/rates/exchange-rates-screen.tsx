import { MessagesSquare, Save } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { get, type FieldError } from 'react-hook-form';
import type { Price } from '../../../shared/api/prices';
import type { RateCurrency } from '../../../shared/domain';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useZodForm } from '../../components/ui/form';
import { isUnauthorizedError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { usePrices } from '../prices/api/get-prices';
import type { RateGuardRefusal, RatesResponse, SaveRatesRequest } from '../../../shared/api/rates';
import { useManagedRates } from './api/get-rates';
import { guardRefusal, useSaveRates } from './api/save-rates';
import { GuardConfirmDialog } from './components/guard-confirm-dialog';
import { MarketPricesCard } from './components/market-prices-card';
import { MarketUsdToNaira } from './components/market-usd-to-naira';
import { MoneyField } from '../../components/money-field';
import { PortalCard, PortalPage } from '../../components/portal-page';
import { TopBarLink } from '../../components/top-bar';
import { RateCard } from './components/rate-card';
import { RateHistory } from './components/rate-history';
import {
  acceptSuggestion,
  autoCalculateRate,
  draftFrom,
  editRateField,
  editUsdToNaira,
  RATE_FIELDS,
  ratesFormSchema,
  USD_TO_NAIRA_RULE,
  type RateField,
  type RatesDraft,
} from './lib/rate-form';
import { RATE_SYMBOLS } from './lib/symbols';

export const RATES_SAVED = 'Exchange rates updated successfully';
export const RATES_SAVE_FAILED = 'Failed to update exchange rates';
export const NOTHING_TO_SAVE =
  'Nothing to save: suggested rates are saved only once you edit them or press "Use suggested rates".';

/** The form's fields by name, as react-hook-form names them. */
type FieldKey = 'usdToNaira' | `rates.${number}.${RateField}`;

/**
 * /agent/exchange-rates and /exchange-rates: the managed rates, agents only (the route lets them
 * in, sends anyone else home, and gives the sign-out button).
 */
export default function ExchangeRatesScreen({ signOut }: { signOut: ReactNode }) {
  const rates = useManagedRates();
  const prices = usePrices();

  const actions = (
    <>
      <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
      {signOut}
    </>
  );

  return (
    <PortalPage title="Exchange Rates" actions={actions} back={{ to: '/agent', label: 'Back' }}>
      {rates.data ? (
        <RatesForm saved={rates.data} prices={prices.data} pricesLoading={prices.isPending} />
      ) : rates.isError ? (
        <PortalCard>
          <div role="alert" className="py-6 text-center">
            <p className="font-semibold text-down">Failed to fetch exchange rates</p>
            <Button variant="outline" className="mt-4" onClick={() => void rates.refetch()}>
              Try again
            </Button>
          </div>
        </PortalCard>
      ) : (
        <p role="status" className="py-10 text-center text-ink-muted">
          Loading exchange rates...
        </p>
      )}
    </PortalPage>
  );
}

/**
 * The rates as a react-hook-form form checked by `ratesFormSchema`. Editing one figure sets the
 * ones it decides (a USD rate its Naira rate, the USD-to-Naira rate every Naira rate); a
 * field's problem shows once the agent changed that field, or every one after a Save All that
 * found problems.
 */
function RatesForm({
  saved,
  prices,
  pricesLoading,
}: {
  saved: RatesResponse;
  prices: Price[] | undefined;
  pricesLoading: boolean;
}) {
  const save = useSaveRates();
  // A save in flight (set at once, unlike save.isPending).
  const saving = useRef(false);
  const server = useMemo(() => draftFrom(saved, prices), [saved, prices]);
  const form = useZodForm(ratesFormSchema, { defaultValues: server });
  const { errors, touchedFields, isDirty, isSubmitted } = form.formState;
  const [autoErrors, setAutoErrors] = useState<Partial<Record<RateCurrency, string>>>({});
  const [nothingToSave, setNothingToSave] = useState(false);
  /** A save the market guard refused, kept to send again with the agent's reason. */
  const [refused, setRefused] = useState<{
    request: SaveRatesRequest;
    refusal: RateGuardRefusal;
  } | null>(null);
  const draft = form.watch();

  // Until the agent edits, suggestions follow the market prices as they arrive.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(server);
  }, [form, server]);

  /** A problem to show now: on a field the agent changed, or on every field after a save. */
  const visible = (key: FieldKey) => {
    const message = get(errors, key) as FieldError | undefined;
    return message && (isSubmitted || get(touchedFields, key)) ? message.message : undefined;
  };

  /** The draft's next values (an edit and what it decides); `typed`: the field the agent changed. */
  const edit = (next: RatesDraft, typed?: FieldKey) => {
    form.setValue('usdToNaira', next.usdToNaira, { shouldDirty: true });
    form.setValue('rates', next.rates, { shouldDirty: true });
    if (typed) form.setValue(typed, get(next, typed) as string, { shouldTouch: true });
    void form.trigger();
    setNothingToSave(false);
  };

  const send = (request: SaveRatesRequest) => {
    // The button's disabled state comes a render late: a double click must still save once.
    if (saving.current) return;
    saving.current = true;
    save.mutate(request, {
      onSettled: () => {
        saving.current = false;
      },
      onSuccess: (response) => {
        form.reset(draftFrom(response, prices));
        setAutoErrors({});
        setRefused(null);
        toast({ title: 'Success', description: RATES_SAVED, variant: 'success' });
      },
      onError: (error) => {
        // A 401 is the guard's: it says "Unauthorized" and signs in again.
        if (isUnauthorizedError(error)) return;
        // Past the market guard: the dialog shows each deviation and asks for a reason.
        const refusal = guardRefusal(error);
        if (refusal && !request.confirmation) {
          setRefused({ request, refusal });
          return;
        }
        const reason = errorText(error, '');
        toast({
          title: 'Error',
          description: reason ? `${RATES_SAVE_FAILED}: ${reason}` : RATES_SAVE_FAILED,
          variant: 'destructive',
        });
      },
    });
  };

  const onSave = () =>
    void form.handleSubmit(
      (request) => {
        if (request) send(request);
        else setNothingToSave(true);
      },
      () => {
        // Take the agent to the first field that needs fixing.
        requestAnimationFrame(() =>
          document
            .querySelector<HTMLInputElement>('[data-money-form] [aria-invalid="true"]')
            ?.focus(),
        );
      },
    )();

  const priceList = prices ?? [];
  return (
    <>
      <div className="grid gap-4 sm:gap-6 md:grid-cols-2" data-money-form>
        <MarketPricesCard prices={priceList} loading={pricesLoading} />
        <PortalCard aria-labelledby="usd-to-naira-title">
          <h2 id="usd-to-naira-title" className="text-lg font-bold">
            USD to Naira Rate
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Every Naira rate is its USD rate at this rate; changing it recalculates them.
          </p>
          <MoneyField
            id="usd-to-naira"
            data-testid="usd-to-naira"
            className="mt-3"
            label="1 USD ="
            prefix="₦"
            grouped
            value={draft.usdToNaira}
            onChange={(value) => edit(editUsdToNaira(draft, value), 'usdToNaira')}
            error={visible('usdToNaira')}
            notANumber={`${USD_TO_NAIRA_RULE.label} must be a number`}
          />
          <MarketUsdToNaira prices={priceList} />
          <div className="mt-4 rounded-2xl bg-canvas p-3 text-sm text-ink-muted">
            <p className="font-semibold text-ink">How Auto Calculate sets a rate</p>
            <ul className="mt-1 flex flex-col gap-0.5">
              <li>Buy = market price × (1 + spread ÷ 100)</li>
              <li>Sell = market price × (1 − spread ÷ 100)</li>
              <li>Naira = USD rate × the rate above. Customers are paid the Naira sell rate.</li>
            </ul>
          </div>
        </PortalCard>
        {draft.rates.map((rate, index) => {
          const price = priceList.find((p) => p.symbol === RATE_SYMBOLS[rate.currency]);
          const shown: Partial<Record<RateField, string>> = {};
          for (const field of RATE_FIELDS) {
            const text = visible(`rates.${index}.${field}`);
            if (text) shown[field] = text;
          }
          return (
            <RateCard
              key={rate.currency}
              rate={rate}
              price={price}
              errors={shown}
              autoError={autoErrors[rate.currency] ?? null}
              onChange={(field, value) => {
                edit(editRateField(draft, rate.currency, field, value), `rates.${index}.${field}`);
                setAutoErrors((e) => ({ ...e, [rate.currency]: undefined }));
              }}
              onAutoCalculate={() => {
                const result = autoCalculateRate(draft, rate.currency, price?.usd ?? null);
                if (result.ok) {
                  edit(result.draft);
                  setAutoErrors((e) => ({ ...e, [rate.currency]: undefined }));
                } else {
                  setAutoErrors((e) => ({ ...e, [rate.currency]: result.error }));
                }
              }}
              onUseSuggestion={() => edit(acceptSuggestion(draft, rate.currency))}
            />
          );
        })}
      </div>

      <div className="sticky bottom-0 z-10 -mx-3 flex flex-col gap-2 border-t border-line bg-canvas/95 px-3 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        {isSubmitted && !isEmptyErrors(errors) && (
          <ErrorAlert>
            Some rates need fixing before they can be saved: see the fields marked in red.
          </ErrorAlert>
        )}
        {nothingToSave && (
          <p
            role="status"
            data-testid="nothing-to-save"
            className="rounded-2xl bg-yellow-50 p-3 text-sm font-medium text-yellow-950 ring-1 ring-yellow-600/20 ring-inset"
          >
            {NOTHING_TO_SAVE}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {isDirty && (
            <p className="text-sm text-ink-muted" data-testid="unsaved">
              Unsaved changes
            </p>
          )}
          <Button size="lg" onClick={onSave} disabled={save.isPending} className="max-sm:w-full">
            <Save aria-hidden />
            {save.isPending ? 'Saving...' : 'Save All Exchange Rates'}
          </Button>
        </div>
      </div>

      <RateHistory />
      <GuardConfirmDialog
        refusal={refused?.refusal ?? null}
        pending={save.isPending}
        onCancel={() => setRefused(null)}
        onConfirm={(reason) => refused && send({ ...refused.request, confirmation: { reason } })}
      />
    </>
  );
}

const isEmptyErrors = (errors: object) => Object.keys(errors).length === 0;
