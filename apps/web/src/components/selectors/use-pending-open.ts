import { useEffect, useState } from 'react';
import { type SelectorMenu, clearPendingOpen, isOpenPending } from './selector-buttons.tsx';

/**
 * The open state of a header menu that has just replaced its placeholder button. A press on the
 * placeholder opens the menu, whether it came before this menu rendered (read at the first render)
 * or between that render and its commit, while the placeholder was still on screen (read in the
 * effect; a fresh-clone CI run lost such a press under load and the menu never opened).
 */
export function usePendingOpen(menu: SelectorMenu): [boolean, (opened: boolean) => void] {
  const [opened, setOpened] = useState(() => isOpenPending(menu));
  useEffect(() => {
    if (isOpenPending(menu)) setOpened(true);
    clearPendingOpen(menu);
  }, [menu]);
  return [opened, setOpened];
}
