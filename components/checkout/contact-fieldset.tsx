'use client';

import { useTranslations } from 'next-intl';

import { cardClass, cardTitleClass } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';

import { SaveToProfileBox } from './receiving-fieldset';
import type { CheckoutValues } from './use-checkout-values';

/**
 * Who receives the order (the shopper's own name to start with, another for a gift; an account
 * without a name gives its own first), telephone and the optional CPF; for a pick-up, also 'save
 * the telephone to my profile'.
 */
export function ContactFieldset({ form }: { form: CheckoutValues }) {
  const t = useTranslations('Checkout');
  const { values, setValues, fieldId, errorOf, touch } = form;
  const setAccountName = (accountName: string) =>
    setValues((current) => ({
      ...current,
      accountName,
      // The recipient follows the shopper's own name until it is made another's.
      recipientName:
        current.recipientName.trim() === (current.accountName ?? '').trim()
          ? accountName
          : current.recipientName,
    }));
  return (
    <fieldset className={`${cardClass} flex flex-col gap-3`}>
      <legend className={`${cardTitleClass} float-left mb-1 w-full`}>{t('contactTitle')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {values.accountName !== undefined ? (
          <TextField
            id={fieldId('accountName')}
            label={t('accountName')}
            autoComplete="name"
            value={values.accountName}
            onChange={setAccountName}
            onBlur={() => touch('accountName')}
            hint={t('accountNameHint')}
            error={errorOf('accountName')}
            required
          />
        ) : null}
        <TextField
          id={fieldId('recipientName')}
          label={t('recipientName')}
          // Not 'name': the browser would fill the shopper's own over a gift's recipient.
          autoComplete="off"
          value={values.recipientName}
          onChange={(recipientName) => setValues((current) => ({ ...current, recipientName }))}
          onBlur={() => touch('recipientName')}
          hint={t('recipientNameHint')}
          error={errorOf('recipientName')}
          required
        />
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
