/** Where an island shows its loading note or failure (a diagram, a live example). */
import type { DataAttribute } from './data-attribute';

export const ISLAND_STATUS_CLASS = 'island-status';

export const ISLAND_STATUS_DATA: DataAttribute<'islandStatus'> = { name: 'data-island-status', key: 'islandStatus' };
