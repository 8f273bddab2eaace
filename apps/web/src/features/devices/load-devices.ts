// The device data and its search index, loaded once on first use: a chunk of its own, shared by
// /devices and the checkout's device check, never part of the entry chunk. This file stays tiny
// (the /devices route's loader imports it to start the download early).
import type { DeviceIndex } from './device-match.ts';

let index: Promise<DeviceIndex> | undefined;

/** The same promise on every call; a failed download is tried again on the next call. */
export function loadDeviceIndex(): Promise<DeviceIndex> {
  index ??= Promise.all([import('./device-data.ts'), import('./device-match.ts')]).then(([data, match]) =>
    match.buildDeviceIndex(data.DEVICE_BRANDS),
  );
  index.catch(() => {
    index = undefined;
  });
  return index;
}

/** React Query options: loaded once per visit and kept (the data never changes while the page is open). */
export const deviceIndexQuery = {
  queryKey: ['devices', 'index'],
  queryFn: loadDeviceIndex,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
} as const;
