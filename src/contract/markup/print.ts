/** Parts of the page that are left out when it is printed. */
import type { DataAttribute } from './data-attribute';

export const NO_PRINT_DATA: DataAttribute<'noprint'> = { name: 'data-noprint', key: 'noprint' };
