import { useTranslations } from 'next-intl';
import { SettingsIcon } from '@/components/ui/icons';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

/** 'Abrir Painel de Controle': only rendered for admins (the server re-checks on the page). */
export function AdminLink() {
  const t = useTranslations('Profile');
  return (
    <Link href="/control-panel" className={buttonClass({ className: 'self-start' })}>
      <SettingsIcon className="size-5" />
      {t('controlPanel')}
    </Link>
  );
}
