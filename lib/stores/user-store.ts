import { createStore } from 'zustand/vanilla';
import type { Address } from '@/lib/users/types';

/** The signed-in user as the interface needs it (the full record stays on the server). */
export type CurrentUser = {
  uid: string;
  email: string | null;
  name: string | null;
  avatarURL?: string | null;
  /** The rest of the server's PublicUser, shown in the user tab (profile, address). */
  telephone?: string | null;
  address?: Address | null;
  /** The member badge in the user tab. */
  isMember?: boolean;
};

export type UserState = {
  currentUser: CurrentUser | null;
  /** Set after an order changes: the orders list refetches and resets it. */
  ordersNeedUpdate: boolean;
  userIsAdmin: boolean;
  /**
   * The last sign-out could not be completed (the interface went back to signed in). Set by
   * components/user/logout-button.tsx with setState: no action code in every page's first load.
   */
  logoutFailed: boolean;
};

export type UserActions = {
  /** Signing out (null) also drops admin rights: signed out means not admin. */
  setCurrentUser: (user: CurrentUser | null) => void;
  /** Admin only when the stored flag is exactly `true`: a string 'true' or 1 grants nothing. */
  setUserIsAdmin: (isAdmin: unknown) => void;
  setOrdersNeedUpdate: (needUpdate: boolean) => void;
};

export type UserStore = UserState & UserActions;

export const defaultUserState: UserState = {
  currentUser: null,
  ordersNeedUpdate: false,
  userIsAdmin: false,
  logoutFailed: false,
};

/** The user store: a fresh one per provider and per test. */
export function createUserStore(initState: UserState = defaultUserState) {
  return createStore<UserStore>()((set) => ({
    ...initState,
    setCurrentUser: (currentUser) =>
      set(currentUser ? { currentUser } : { currentUser: null, userIsAdmin: false }),
    setUserIsAdmin: (isAdmin) => set({ userIsAdmin: isAdmin === true }),
    setOrdersNeedUpdate: (ordersNeedUpdate) => set({ ordersNeedUpdate }),
  }));
}

export type UserStoreApi = ReturnType<typeof createUserStore>;
