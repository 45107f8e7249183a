import { getTranslations } from 'next-intl/server';

import { AUDIT_FIELDS, type AuditField } from '@/lib/catalogue/audit';
import { listProductChanges, type CatalogueChange } from '@/lib/catalogue/repository-writes';
import { withinBackendDeadline } from '@/lib/deadline';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatOrderDate } from '@/lib/orders/format';

type Props = { productKeys: string[]; locale: AppLocale };

const ACTIONS = {
  created: 'actionCreated',
  updated: 'actionUpdated',
  archived: 'actionArchived',
  restored: 'actionRestored',
  deleted: 'actionDeleted',
} as const;

/** A field's message key: next-intl keys cannot hold dots ('title.pt-BR' is 'title_pt-BR'). */
const fieldKey = (field: AuditField) => `field.${field.replace('.', '_')}`;

/** The product's latest changes: when, who, and each field before and after. */
export async function ProductHistory({ productKeys, locale }: Props) {
  const t = await getTranslations('ControlPanel.products');
  const allergen = await getTranslations('Allergens');
  const changes = await withinBackendDeadline(
    listProductChanges(productKeys),
    'listProductChanges',
  );
  const shown = (field: AuditField, value: string) => {
    if (value === '') return t('empty');
    if (value === 'true') return t('yes');
    if (value === 'false') return t('no');
    if (field === 'allergens') {
      return value
        .split(', ')
        .map((key) => (allergen.has(key as never) ? allergen(key as never) : key))
        .join('; ');
    }
    return value;
  };
  return (
    <section aria-labelledby="history-title" className="mt-10" data-testid="product-history">
      <h3 id="history-title" className="text-xl font-semibold">
        {t('history')}
      </h3>
      {changes === null ? (
        <p className="mt-2 text-sm">{t('historyUnavailable')}</p>
      ) : changes.length === 0 ? (
        <p className="mt-2 text-sm">{t('historyEmpty')}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-4">
          {changes.map((change: CatalogueChange, index) => (
            <li key={`${change.at}-${index}`} className="text-sm">
              <p className="font-semibold">
                {t(ACTIONS[change.action])} ·{' '}
                {t('historyBy', { when: formatOrderDate(change.at, locale), who: change.byEmail })}
              </p>
              <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
                {change.changes
                  .filter((entry) => AUDIT_FIELDS.includes(entry.field))
                  .map((entry) => (
                    <div key={entry.field} className="contents">
                      <dt className="text-muted">{t(fieldKey(entry.field) as never)}</dt>
                      <dd>
                        <span className="line-through decoration-cacao-400">
                          {shown(entry.field, entry.before)}
                        </span>{' '}
                        → <strong>{shown(entry.field, entry.after)}</strong>
                      </dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
