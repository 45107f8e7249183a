'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import { Sheet } from '@/components/ui/sheet';
import { PANEL_ID } from '@/lib/stores/ui-store';
import { UserTabContent } from './user-tab-content';

type Props = { title: string; closeLabel: string };

/**
 * The profile tab ('Perfil'), sliding in from the left. Its code loads on the first sign that it
 * will be opened (components/layout/lazy-panels.tsx).
 */
export function UserTab({ title, closeLabel }: Props) {
  const open = useUiStore((store) => store.userTabOpen);
  const closePanel = useUiStore((store) => store.closePanel);
  return (
    <Sheet
      id={PANEL_ID.userTab}
      side="left"
      open={open}
      onClose={() => closePanel('userTab')}
      title={title}
      closeLabel={closeLabel}
    >
      <UserTabContent />
    </Sheet>
  );
}
