// The shapes of the device compatibility data (device-data.ts, loaded lazily) and of what the
// matcher answers. Kept apart from the data so the matcher and the components import types only.

export type DeviceKind = 'phone' | 'tablet' | 'laptop';

/** 'yes': has eSIM; 'varies': only some regional or carrier variants do; 'no': has none. */
export type DeviceSupport = 'yes' | 'varies' | 'no';

/** Exceptions and caveats, shown as `devices:notes.<key>`. */
export type DeviceNote =
  | 'appleChina'
  | 'usEsimOnly'
  | 'esimOnly'
  | 'ipadCellular'
  | 'pixelRegional'
  | 'someVariants'
  | 'chinaVersions'
  | 'withModem'
  | 'noEsim';

export interface Device {
  /** As the maker writes it ('iPhone 15 Pro', 'razr 40 ultra', 'Galaxy S24+'). */
  model: string;
  kind: DeviceKind;
  support: DeviceSupport;
  notes: readonly DeviceNote[];
  /** Other names travellers use ('iPhone SE 2020'); matched, never shown. */
  aliases: readonly string[];
}

export interface DeviceBrand {
  /** As the maker writes it ('Apple', 'OPPO', 'HONOR'). */
  brand: string;
  /** Names in other scripts or spellings ('三星', 'Moto'), for search only. */
  aliases: readonly string[];
  /** Family words a traveller may leave out ('Galaxy' in 'Samsung S23'). */
  optionalWords: readonly string[];
  devices: readonly Device[];
}
