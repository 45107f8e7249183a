'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import type { FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCartStore } from '@/components/providers/cart-store-provider';
import { isCheckoutLine } from '@/lib/cart/live-stock';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { formatPhone } from '@/lib/brazil';
import { useRouter } from '@/lib/i18n/navigation';
import {
  cartProblems,
  firstInvalidField,
  formatAddress,
  prefillAddress,
  toCheckoutInput,
  validateCheckoutForm,
  type CheckoutField,
  type CheckoutFormValues,
} from '@/lib/orders/checkout-form';
import {
  clearCheckoutDraft,
  readCheckoutDraft,
  saveCheckoutDraft,
} from '@/lib/orders/checkout-draft';
import { checkoutErrorMessages, type CheckoutErrorMessage } from '@/lib/orders/checkout-result';
import { submitOrder } from '@/lib/orders/client';
import { applySessionUser, fetchSessionUser } from '@/lib/session/client';
import { isUnfilledAddress } from '@/lib/users/profile-edit';
import type { ShippingOption } from '@/lib/orders/types';
import type { Address } from '@/lib/users/types';
import { AddressText } from '@/components/ui/address-text';
import { Button } from '@/components/ui/button';
import { cardClass, cardTitleClass } from '@/components/ui/card';
import { Notice, noticeClass } from '@/components/ui/notice';
import { SelectField, TextField } from '@/components/ui/text-field';
import { UfOptions } from '@/components/ui/uf-select';
import { GiftMessageField } from './gift-message-field';
import { useCepAutofill } from './use-cep-autofill';
import { CheckoutSummary } from './checkout-summary';
import { formatDeliveryDay } from '@/lib/delivery/table';
import { DeliveryDayPicker } from './delivery-day-picker';
import { useDeliveryQuote } from './use-delivery-quote';
import type { CheckoutMemberDiscount } from '@/lib/club/perks';

/** The signed-in shopper as the form needs them: what prefills it. */
export type CheckoutUser = { uid: string; telephone?: string | null; address?: Address | null };

/** The shop's pick-up place, already translated on the server. */
export type PickupInfo = { address: string; hours: string[] };

type Props = {
  user: CheckoutUser;
  orderId: string;
  pickup: PickupInfo;
  /** A club member's discount, for the summary (the server prices the order itself). */
  member?: CheckoutMemberDiscount | null;
  /** Called once the order exists, before the cart is emptied and the page changes. */
  onPlaced: (orderId: string) => void;
};

/** The messages that name a product (they come with values). */
type ProductErrorKey = 'outOfStock' | 'soldOut' | 'unavailable';

// The CEP first: typing it fills street, bairro, city and UF (useCepAutofill); the Estado
// select follows the city (rendered apart, after these).
const ADDRESS_INPUTS = [
  { name: 'postalCode', autoComplete: 'postal-code', span: '' },
  { name: 'street', autoComplete: 'address-line1', span: 'sm:col-span-2' },
  { name: 'number', autoComplete: 'off', span: '' },
  { name: 'extra', autoComplete: 'address-line2', span: '' },
  { name: 'neighborhood', autoComplete: 'address-level3', span: '' },
  { name: 'city', autoComplete: 'address-level2', span: '' },
] as const;

/**
 * The signed-in part of the checkout: delivery or pick-up, contact telephone, optional CPF, the
 * summary and 'Confirmar pedido'. Sends the order once (pending state, no double submit); a
 * refusal is explained and leaves the cart as it was.
 */
export function CheckoutForm({ user, orderId, pickup, member = null, onPlaced }: Props) {
  const t = useTranslations('Checkout');
  const tErrors = useTranslations('CheckoutErrors');
  const locale = useLocale();
  const router = useRouter();
  const formId = useId();
  const entries = useCatalogueEntries();
  const cartItems = useCartStore(useShallow((store) => store.cartItems.filter(isCheckoutLine)));
  const clearCart = useCartStore((store) => store.clearCart);
  const applyLiveStock = useCartStore((store) => store.applyLiveStock);
  const removeItem = useCartStore((store) => store.removeItem);
  const userStore = useUserStoreApi();
  const openPanel = useUiStore((store) => store.openPanel);

  const [savedAddress] = useState(() => prefillAddress(user.address));
  const [values, setValues] = useState<CheckoutFormValues>(() => {
    // What this shopper typed in this tab before a reload (lib/orders/checkout-draft.ts).
    const draft = readCheckoutDraft();
    if (draft.values && draft.uid === user.uid) return draft.values;
    return {
      shippingOption: 'Entrega',
      address: savedAddress,
      telephone: user.telephone?.trim() ?? '',
      cpf: '',
      // On for a profile whose address was never filled in: the first order fills it.
      saveToProfile: isUnfilledAddress(user.address),
    };
  });
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<CheckoutErrorMessage[]>([]);
  const [pending, startTransition] = useTransition();
  // A second click before React re-renders the disabled button must not send again.
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // 'Confirmar pedido' pressed while the delivery days were still being asked.
  const [awaitingQuote, setAwaitingQuote] = useState(false);
  // This press already asked again for days that had failed.
  const quoteAskedAgain = useRef(false);

  useEffect(() => {
    // The CPF too: sessionStorage is this tab's only and ends with it, never localStorage.
    saveCheckoutDraft({ uid: user.uid, values });
  }, [user.uid, values]);

  const errors = validateCheckoutForm(values);
  const problems = cartProblems(cartItems);
  const delivery = values.shippingOption === 'Entrega';

  // Delivery fee and day (lib/delivery): quoted by the server for this CEP and cart; the day is
  // the first open one unless the shopper picked another that is still open.
  const { state: quoteState, refresh: refreshQuote } = useDeliveryQuote(
    values.shippingOption,
    values.address.postalCode,
    cartItems,
  );
  const quote = quoteState.status === 'ready' ? quoteState.quote : null;
  useEffect(() => {
    // Pressed while the days were being asked: sent again once they are known (or failed).
    if (awaitingQuote && quoteState.status !== 'loading') formRef.current?.requestSubmit();
  }, [awaitingQuote, quoteState.status]);
  // While the days are asked again (another receiving choice, CEP or cart), the last ones stay
  // on screen, disabled, so the form does not jump under the shopper's finger; 'Confirmar
  // pedido' waits for the new ones (submit, below).
  const staleQuote =
    quoteState.status === 'loading' && quoteState.previous?.outside === false
      ? quoteState.previous
      : null;
  const daysQuote = quote ?? staleQuote;
  const daysPending = quote === null && staleQuote !== null;
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const openDays = (daysQuote?.days ?? []).filter((day) => !day.full).map((day) => day.day);
  const deliveryDate =
    chosenDay && openDays.includes(chosenDay) ? chosenDay : (openDays[0] ?? null);
  const outsideArea = delivery && quote?.outside === true;
  // The notice above the summary already says there is no delivery to this CEP.
  const shownServerErrors = outsideArea
    ? serverErrors.filter((message) => message.key !== 'deliveryOutside')
    : serverErrors;
  const hasSavedAddress = Object.values(savedAddress).some(Boolean);
  const fieldId = (field: CheckoutField) => `${formId}-${field}`;
  const errorOf = (field: CheckoutField) => {
    const key = errors[field];
    return key && (submitted || touched.has(field)) ? t(`errors.${key}`) : undefined;
  };
  const touch = (field: CheckoutField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const setAddress = (name: keyof Address, value: string) => {
    typedByHand.current.add(name);
    setValues((current) => ({ ...current, address: { ...current.address, [name]: value } }));
  };
  // The CEP's answer fills only what the shopper did not type by hand in this form: a field
  // they wrote in (before or while the lookup ran) keeps their text; all stay editable.
  const typedByHand = useRef(new Set<keyof Address>());
  const [cepFilled, setCepFilled] = useState(false);
  const lookUpCep = useCepAutofill((found) => {
    setValues((current) => {
      const address = { ...current.address };
      for (const name of ['street', 'neighborhood', 'city', 'state'] as const) {
        if (found[name] && !typedByHand.current.has(name)) address[name] = found[name];
      }
      return { ...current, address };
    });
    setCepFilled(true);
  });
  const setShipping = (shippingOption: ShippingOption) =>
    setValues((current) => ({ ...current, shippingOption }));

  const titleOf = (key: string) => entries.find((entry) => entry.key === key)?.title ?? key;

  /**
   * The fix a refusal about one line offers in place (this form has no quantity controls): lower
   * it to the units the server said are left, as a live stock read would, or take it out. The
   * message then goes, and the order can be sent again as it now stands.
   */
  const fixLine = (message: CheckoutErrorMessage) => {
    const { productKey, values } = message;
    if (!productKey || !values) return;
    if (message.key === 'outOfStock' && values.available > 0) {
      applyLiveStock({ [productKey]: { stock: values.available, forSale: true } });
    } else {
      for (const item of cartItems) {
        if (item.id === productKey) removeItem(item.id, item.variant.key);
      }
    }
    setServerErrors((current) => current.filter((candidate) => candidate !== message));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAwaitingQuote(false);
    if (sending.current || pending) return;
    setSubmitted(true);
    const invalid = firstInvalidField(errors);
    if (invalid) {
      document.getElementById(fieldId(invalid))?.focus();
      return;
    }
    if (problems.length > 0) return;
    // No delivery to this CEP (the notice above the summary says so): back to the CEP.
    if (outsideArea) {
      document.getElementById(fieldId('postalCode'))?.focus();
      return;
    }
    // The shop's table asks every order for a receiving day (lib/delivery/plan.ts): sent once
    // the days are known (the effect above submits again), and not when none is open (the day
    // picker says so). Days that could not be asked are asked once more for this press; when
    // that fails too the order goes without one: the server gives it the first open day
    // (lib/delivery/plan.ts), or says why it cannot (the backend unavailable, every day full).
    if (quoteState.status === 'loading') {
      setAwaitingQuote(true);
      return;
    }
    if (quoteState.status === 'error' && !quoteAskedAgain.current) {
      quoteAskedAgain.current = true;
      refreshQuote();
      setAwaitingQuote(true);
      return;
    }
    quoteAskedAgain.current = false;
    if (quote?.configured && !deliveryDate) {
      // The day picker says no day is open (its hint describes it): focus takes the shopper there.
      document.querySelector<HTMLElement>('[data-testid="delivery-days"]')?.focus();
      return;
    }
    sending.current = true;
    setServerErrors([]);
    const input = {
      ...toCheckoutInput({
        orderID: orderId,
        lines: cartItems.map((item) => ({ id: item.id, quantity: item.quantity })),
        values,
        locale,
      }),
      ...(quote?.configured && deliveryDate ? { deliveryDate } : {}),
    };
    startTransition(async () => {
      try {
        const result = await submitOrder(input);
        if (!result.ok) {
          // The cart and its order id stay as they are, to be fixed and sent again: after
          // 'outcome-unknown' the same id answers the order if it was placed.
          setServerErrors(checkoutErrorMessages(result));
          // The day filled up or went: show the days as they are now.
          if (result.error.startsWith('delivery-')) refreshQuote();
          return;
        }
        onPlaced(result.orderID);
        // Placed: nothing typed for it stays in the tab.
        clearCheckoutDraft();
        userStore.getState().setOrdersNeedUpdate(true);
        if (input.saveToProfile) {
          // The server saved the address and telephone with the order: the user tab shows them.
          fetchSessionUser()
            .then((fresh) => {
              if (fresh) applySessionUser(userStore.getState(), fresh);
            })
            .catch((cause: unknown) => console.warn('[checkout] profile not re-read:', cause));
        }
        // Also forgets the order id: the next cart is a new order.
        clearCart();
        router.push(`/checkout/${encodeURIComponent(result.orderID)}`);
      } catch (cause) {
        // The request itself failed (network, server restart). The order id stays, so sending
        // again cannot place the order twice.
        console.error('Placing the order failed:', cause);
        setServerErrors([{ key: 'serverError' }]);
      } finally {
        sending.current = false;
      }
    });
  };

  const receivingDetails = [
    {
      label: t('receiving'),
      value: delivery ? t('delivery') : t('pickup'),
      testId: 'summary-receiving',
    },
    delivery
      ? {
          label: t('deliverTo'),
          value: <AddressText text={formatAddress(values.address) || '—'} />,
          testId: 'summary-place',
        }
      : {
          label: t('pickUpAt'),
          value: <AddressText text={pickup.address} />,
          testId: 'summary-place',
        },
    ...(daysQuote?.configured && deliveryDate
      ? [
          {
            label: delivery ? t('deliveryDayTitle') : t('pickupDayTitle'),
            // Days still being asked: the row keeps its place, no day is promised yet.
            value: daysPending ? '—' : formatDeliveryDay(deliveryDate, locale),
            testId: 'summary-day',
          },
        ]
      : []),
    { label: t('contact'), value: formatPhone(values.telephone) || '—' },
  ];

  // Delivery saves the address and telephone; pick-up has only the telephone to save.
  const saveToProfileBox = (
    <div className="flex items-start gap-3">
      <input
        id={`${formId}-save`}
        type="checkbox"
        checked={values.saveToProfile}
        onChange={(event) => {
          const saveToProfile = event.target.checked;
          setValues((current) => ({ ...current, saveToProfile }));
        }}
        aria-describedby={`${formId}-save-hint`}
        className="mt-1 size-4 shrink-0 accent-cacao-700 dark:accent-gold-400"
      />
      <div className="flex flex-col">
        <label htmlFor={`${formId}-save`} className="cursor-pointer font-medium">
          {delivery ? t('saveToProfile') : t('saveTelephoneToProfile')}
        </label>
        <span id={`${formId}-save-hint`} className="text-sm text-cacao-600 dark:text-cacao-300">
          {delivery ? t('saveToProfileHint') : t('saveTelephoneToProfileHint')}
        </span>
      </div>
    </div>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-8"
      aria-busy={pending || awaitingQuote}
    >
      <fieldset className={`${cardClass} flex flex-col gap-3`}>
        <legend className={`${cardTitleClass} float-left mb-1 w-full`}>{t('shippingTitle')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              { option: 'Entrega', label: t('delivery'), hint: t('deliveryHint') },
              { option: 'Retirada', label: t('pickup'), hint: t('pickupHint') },
            ] as const
          ).map(({ option, label, hint }) => (
            <label
              key={option}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-cacao-300 p-3 has-checked:border-cacao-700 has-checked:bg-cacao-100 dark:border-cacao-700 dark:has-checked:border-gold-400 dark:has-checked:bg-cacao-800"
            >
              <input
                type="radio"
                name={`${formId}-shipping`}
                value={option}
                checked={values.shippingOption === option}
                onChange={() => setShipping(option)}
                className="mt-1 size-4 accent-cacao-700 dark:accent-gold-400"
              />
              <span className="flex flex-col">
                <span className="font-semibold">{label}</span>
                <span className="text-sm text-cacao-600 dark:text-cacao-300">{hint}</span>
              </span>
            </label>
          ))}
        </div>

        {delivery ? (
          <div
            role="group"
            aria-labelledby={`${formId}-address-title`}
            className="mt-2 flex flex-col gap-3"
          >
            <h3 id={`${formId}-address-title`} className="font-semibold">
              {t('addressTitle')}
            </h3>
            {hasSavedAddress ? (
              <p className="text-sm text-cacao-600 dark:text-cacao-300">{t('addressNote')}</p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {ADDRESS_INPUTS.map(({ name, autoComplete, span }) => (
                <TextField
                  key={name}
                  id={fieldId(name)}
                  className={span}
                  label={t(name)}
                  value={values.address[name]}
                  onChange={(value) => {
                    setAddress(name, value);
                    if (name === 'postalCode') {
                      setCepFilled(false);
                      lookUpCep(value);
                    }
                  }}
                  onBlur={() => touch(name)}
                  error={errorOf(name)}
                  required={name !== 'extra'}
                  autoComplete={autoComplete}
                  maxLength={name === 'postalCode' ? 9 : undefined}
                  inputMode={name === 'postalCode' ? 'numeric' : undefined}
                  hint={name === 'postalCode' ? t('postalCodeHint') : undefined}
                />
              ))}
              <SelectField
                id={fieldId('state')}
                label={t('state')}
                value={values.address.state}
                onChange={(event) => setAddress('state', event.target.value)}
                onBlur={() => touch('state')}
                error={errorOf('state')}
                required
                autoComplete="address-level1"
                className="[&>select]:w-full"
              >
                <UfOptions placeholder={t('statePlaceholder')} value={values.address.state} />
              </SelectField>
            </div>
            <p role="status" className="text-sm text-cacao-600 empty:hidden dark:text-cacao-300">
              {cepFilled ? t('cepFilled') : ''}
            </p>
            {saveToProfileBox}
          </div>
        ) : (
          <div data-testid="pickup-info" className="mt-2 flex flex-col gap-1">
            <h3 className="font-semibold">{t('pickupTitle')}</h3>
            <p>
              <span className="font-medium">{t('pickupAddress')}: </span>
              <span>
                <AddressText text={pickup.address} />
              </span>
            </p>
            <p>
              <span className="font-medium">{t('pickupHours')}: </span>
              <span>{pickup.hours.join(', ')}</span>
            </p>
          </div>
        )}
      </fieldset>

      <fieldset className={`${cardClass} flex flex-col gap-3`}>
        <legend className={`${cardTitleClass} float-left mb-1 w-full`}>{t('contactTitle')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('telephone')}
            label={t('telephone')}
            type="tel"
            autoComplete="tel"
            value={values.telephone}
            onChange={(telephone) => setValues((current) => ({ ...current, telephone }))}
            onBlur={() => touch('telephone')}
            hint={t('telephoneHint')}
            error={errorOf('telephone')}
            required
          />
          <TextField
            id={fieldId('cpf')}
            label={t('cpf')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            value={values.cpf}
            onChange={(cpf) => setValues((current) => ({ ...current, cpf }))}
            onBlur={() => touch('cpf')}
            hint={t('cpfHint')}
            error={errorOf('cpf')}
          />
        </div>
        {delivery ? null : saveToProfileBox}
      </fieldset>

      {outsideArea ? (
        <Notice tone="error" role="alert" data-testid="delivery-outside">
          {t('deliveryOutside')}
        </Notice>
      ) : quoteState.status === 'error' ? (
        <Notice tone="error">{t('quoteUnavailable')}</Notice>
      ) : daysQuote?.configured ? (
        <DeliveryDayPicker
          pickup={!delivery}
          days={daysQuote.days}
          value={daysPending ? null : deliveryDate}
          onChange={setChosenDay}
          busy={daysPending}
        />
      ) : null}

      <GiftMessageField
        id={fieldId('giftMessage')}
        value={values.giftMessage ?? ''}
        onChange={(giftMessage) => setValues((current) => ({ ...current, giftMessage }))}
        onBlur={() => touch('giftMessage')}
        error={errorOf('giftMessage')}
      />

      <CheckoutSummary
        title={t('summaryTitle')}
        headingId={`${formId}-summary`}
        details={receivingDetails}
        deliveryFee={
          !delivery || (quote && !quote.configured)
            ? undefined
            : quote && !outsideArea
              ? quote.fee
              : null
        }
        member={member}
      />

      {problems.length > 0 ? (
        <div role="alert" className={noticeClass('error', 'md', 'flex flex-col items-start gap-2')}>
          <ul className="flex flex-col gap-1">
            {problems.map((problem) => (
              <li key={problem.kind === 'tooMany' ? problem.key : problem.kind}>
                {problem.kind === 'tooMany'
                  ? t('errors.tooMany', { title: titleOf(problem.key), max: problem.max })
                  : problem.kind === 'tooManyUnits'
                    ? t('errors.tooManyUnits', { max: problem.max })
                    : t('errors.tooManyLines', { max: problem.max })}
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => openPanel('cart')}
            className="font-semibold underline"
          >
            {t('editCart')}
          </button>
        </div>
      ) : null}

      <div role="alert" data-testid="checkout-errors" className="empty:hidden">
        {submitted && firstInvalidField(errors) ? (
          <Notice tone="error">{t('errors.form')}</Notice>
        ) : shownServerErrors.length > 0 ? (
          <Notice tone="error" as="ul" className="flex flex-col gap-1">
            {shownServerErrors.map((message) => (
              <li
                key={`${message.key}:${message.values?.title ?? message.hold?.title ?? ''}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1"
              >
                <span>
                  {message.hold
                    ? message.key === 'holdPerProduct'
                      ? tErrors('holdPerProduct', {
                          ...message.hold,
                          title: message.hold.title ?? '',
                        })
                      : tErrors('holdTotal', message.hold)
                    : message.openOrders
                      ? tErrors('tooManyOpen', {
                          count: message.openOrders.length,
                          orders: message.openOrders.join(', '),
                        })
                      : message.retryAfterSeconds !== undefined
                        ? tErrors('rateLimited', { seconds: message.retryAfterSeconds })
                        : message.values
                          ? tErrors(message.key as ProductErrorKey, message.values)
                          : tErrors(
                              message.key as Exclude<
                                typeof message.key,
                                | ProductErrorKey
                                | 'tooManyOpen'
                                | 'rateLimited'
                                | 'holdPerProduct'
                                | 'holdTotal'
                              >,
                            )}
                </span>
                {message.productKey && message.values ? (
                  <button
                    type="button"
                    onClick={() => fixLine(message)}
                    className="font-semibold underline"
                  >
                    {message.key === 'outOfStock' && message.values.available > 0
                      ? t('reduceTo', {
                          title: message.values.title,
                          available: message.values.available,
                        })
                      : t('removeFromOrder', { title: message.values.title })}
                  </button>
                ) : null}
              </li>
            ))}
          </Notice>
        ) : null}
      </div>

      <div className="flex flex-col gap-4">
        <Notice tone="info">{t('nextStep')}</Notice>
        <Button
          type="submit"
          size="lg"
          disabled={pending || awaitingQuote}
          className="self-stretch text-lg sm:self-end"
        >
          {pending || awaitingQuote ? t('placing') : t('confirm')}
        </Button>
      </div>
    </form>
  );
}
