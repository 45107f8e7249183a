import { useTranslations } from 'next-intl';
import { initialsOf, isDisplayableAvatar } from '@/lib/users/initials';
import { isUnfilled } from '@/lib/users/profile-edit';

/** What the account components show of the signed-in user. */
export type ProfileUser = {
  name: string | null;
  email: string | null;
  avatarURL?: string | null;
  telephone?: string | null;
  /** Shows the club's member badge (PublicUser.isMember). */
  isMember?: boolean;
};

type Props = { user: ProfileUser; headingLevel?: 2 | 3 };

/**
 * Name, email and photo (or initials) of the signed-in user; the telephone is edited and shown in
 * the profile form. A name never filled in ('No name' is stored) shows a hint. Server or client.
 */
export function ProfileCard({ user, headingLevel = 3 }: Props) {
  const t = useTranslations('Profile');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const unnamed = isUnfilled('name', user.name);
  const name = unnamed ? '' : (user.name ?? '');
  return (
    <section aria-label={t('title')} className="flex items-center gap-4">
      {isDisplayableAvatar(user.avatarURL) ? (
        // A photo from the sign-in provider, on any host: next/image would need each host listed.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={user.avatarURL}
          alt={t('avatarAlt', { name: name || (user.email ?? '') })}
          width={56}
          height={56}
          referrerPolicy="no-referrer"
          className="size-14 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-cacao-700 text-lg font-bold text-cacao-50 dark:bg-gold-400 dark:text-cacao-950"
        >
          {initialsOf(name, user.email)}
        </span>
      )}
      <div className="min-w-0">
        <Heading
          className={`truncate text-lg font-bold ${unnamed ? 'text-muted italic' : ''}`}
          data-testid="profile-name"
        >
          {unnamed ? t('noName') : name}
        </Heading>
        {user.isMember ? (
          <p
            data-testid="member-badge"
            className="mt-0.5 inline-block rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-cacao-950"
          >
            {t('memberBadge')}
          </p>
        ) : null}
        <dl className="text-sm text-cacao-700 dark:text-cacao-200">
          <div className="flex gap-1">
            <dt className="sr-only">{t('email')}</dt>
            <dd className="truncate" data-testid="profile-email">
              {user.email}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
