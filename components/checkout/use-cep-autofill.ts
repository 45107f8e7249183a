'use client';

import { useEffect, useRef } from 'react';

import { fetchCepAddress, type CepAnswer } from '@/lib/address/cep-client';
import { cepDigits } from '@/lib/brazil';

/**
 * The CEP lookup: call the returned function with the CEP field's text on every change; once it
 * is a valid CEP not asked about yet, the shop is asked and `onAnswer` gets what it said (found,
 * not found, unavailable); `null` when the field no longer holds a valid CEP. The latest CEP wins
 * (an earlier answer still on its way is dropped). What the answer fills or clears is the
 * caller's decision.
 */
export function useCepAutofill(
  onAnswer: (answer: CepAnswer | null) => void,
): (cep: string) => void {
  const asked = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => () => inFlight.current?.abort(), []);

  return (cep: string) => {
    const digits = cepDigits(cep);
    if (digits === asked.current) return;
    asked.current = digits;
    inFlight.current?.abort();
    inFlight.current = null;
    if (!digits) {
      latest.current(null);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    void fetchCepAddress(digits, controller.signal).then((answer) => {
      if (!controller.signal.aborted) latest.current(answer);
    });
  };
}
