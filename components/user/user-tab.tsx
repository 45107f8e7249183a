'use client';

import type { ReactNode } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Sheet } from '@/components/ui/sheet';

export const USER_TAB_ID = 'user-tab';

type Props = { title: string; closeLabel: string; children: ReactNode };

/** The profile tab ('Perfil'), sliding in from the left; its content is UserTabContent. */
export function UserTab({ title, closeLabel, children }: Props) {
  const open = useUiStore((store) => store.userTabOpen);
  const closePanel = useUiStore((store) => store.closePanel);
  return (
    <Sheet
      id={USER_TAB_ID}
      side="left"
      open={open}
      onClose={() => closePanel('userTab')}
      title={title}
      closeLabel={closeLabel}
    >
      {children}
    </Sheet>
  );
}
