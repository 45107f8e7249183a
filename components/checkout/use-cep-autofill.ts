'use client';

import { useEffect, useRef } from 'react';

import { fetchCepAddress, type CepAddress } from '@/lib/address/cep-client';
import { cepDigits } from '@/lib/brazil';

/**
 * The checkout's CEP autofill: call the returned function with the CEP field's text
 * on every change; once it is a valid CEP not asked about yet, the shop is asked and `onFound`
 * gets the answer. The latest CEP wins (an earlier answer still on its way is dropped); nothing
 * happens on a failure. Which fields the answer may fill is the form's decision.
 */
export function useCepAutofill(onFound: (address: CepAddress) => void): (cep: string) => void {
  const asked = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef(onFound);
  useEffect(() => {
    latest.current = onFound;
  });
  useEffect(() => () => inFlight.current?.abort(), []);

  return (cep: string) => {
    const digits = cepDigits(cep);
    if (digits === asked.current) return;
    asked.current = digits;
    inFlight.current?.abort();
    inFlight.current = null;
    if (!digits) return;
    const controller = new AbortController();
    inFlight.current = controller;
    void fetchCepAddress(digits, controller.signal).then((address) => {
      if (address && !controller.signal.aborted) latest.current(address);
    });
  };
}
