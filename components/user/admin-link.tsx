import { useTranslations } from 'next-intl';
import { SettingsIcon } from '@/components/ui/icons';
import { Link } from '@/lib/i18n/navigation';
import { primaryButtonClass } from './styles';

/** 'Abrir Painel de Controle': only rendered for admins (the server re-checks on the page). */
export function AdminLink() {
  const t = useTranslations('Profile');
  return (
    <Link href="/control-panel" className={`${primaryButtonClass} self-start`}>
      <SettingsIcon className="size-5" />
      {t('controlPanel')}
    </Link>
  );
}
