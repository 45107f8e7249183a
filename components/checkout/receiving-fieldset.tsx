'use client';

import { useTranslations } from 'next-intl';

import { AddressText } from '@/components/ui/address-text';
import { cardClass, cardTitleClass } from '@/components/ui/card';
import type { ShippingOption } from '@/lib/orders/types';

import { AddressFields } from './address-fields';
import type { PickupInfo } from './checkout-form';
import type { CheckoutValues } from './use-checkout-values';

type Props = {
  form: CheckoutValues;
  pickup: PickupInfo;
};

/**
 * How the order is received: delivery (the address, then 'save it to my profile') or pick-up
 * (the shop's place and hours); the contact fieldset carries the save box for a pick-up.
 */
export function ReceivingFieldset({ form, pickup }: Props) {
  const t = useTranslations('Checkout');
  const { values, setValues, formId } = form;
  const delivery = values.shippingOption === 'Entrega';
  const setShipping = (shippingOption: ShippingOption) =>
    setValues((current) => ({ ...current, shippingOption }));
  return (
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
        <AddressFields form={form} saveToProfile={<SaveToProfileBox form={form} />} />
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
  );
}

/** Delivery saves the address and telephone; pick-up has only the telephone to save. */
export function SaveToProfileBox({ form }: { form: CheckoutValues }) {
  const t = useTranslations('Checkout');
  const { values, setValues, formId } = form;
  const delivery = values.shippingOption === 'Entrega';
  return (
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
}
