// Types of scripts/local-firebase/seed.mjs, for the tests that store the seed's delivery table.
import type { DeliveryTable } from '../../lib/delivery/table';

export declare const SEED_DELIVERY: DeliveryTable;
export declare const SEED_STOCK: number;
export declare const INVENTORY_KEYS: string[];
