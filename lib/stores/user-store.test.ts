import { createUserStore } from './user-store';

describe('user store', () => {
  it('starts signed out and not admin', () => {
    const store = createUserStore();
    expect(store.getState()).toMatchObject({
      currentUser: null,
      userIsAdmin: false,
      ordersNeedUpdate: false,
    });
  });

  it.each([
    [true, true],
    ['true', false],
    [1, false],
    [undefined, false],
    [null, false],
    [false, false],
  ])('isAdmin %p makes userIsAdmin %p', (value, expected) => {
    const store = createUserStore();
    store.getState().setUserIsAdmin(value);
    expect(store.getState().userIsAdmin).toBe(expected);
  });

  it('signing out drops admin rights', () => {
    const store = createUserStore();
    store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'Ana' });
    store.getState().setUserIsAdmin(true);
    store.getState().setCurrentUser(null);
    expect(store.getState().userIsAdmin).toBe(false);
    expect(store.getState().currentUser).toBeNull();
  });

  it('keeps the orders refresh flag', () => {
    const store = createUserStore();
    store.getState().setOrdersNeedUpdate(true);
    expect(store.getState().ordersNeedUpdate).toBe(true);
  });
});
