'use client';

import { useTranslations } from 'next-intl';

import { cardClass, cardTitleClass } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';

import { SaveToProfileBox } from './receiving-fieldset';
import type { CheckoutValues } from './use-checkout-values';

/** Telephone and the optional CPF; for a pick-up, also 'save the telephone to my profile'. */
export function ContactFieldset({ form }: { form: CheckoutValues }) {
  const t = useTranslations('Checkout');
  const { values, setValues, fieldId, errorOf, touch } = form;
  return (
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
      {values.shippingOption === 'Entrega' ? null : <SaveToProfileBox form={form} />}
    </fieldset>
  );
}
