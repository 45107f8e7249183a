// The orders page's two islands (./deferred-orders.tsx) as one chunk: one loader in the page's
// first load instead of two.
export { LiveOrders } from './live-orders';
export { OrderStatusControls } from './status-editor';
