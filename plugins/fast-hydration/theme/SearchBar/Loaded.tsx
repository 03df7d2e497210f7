// The search plugin's bar as the navbar shows it once loaded (see ./index.tsx), with a guard that stops the plugin pulling focus back.
import React, { useEffect, type ComponentProps, type ReactNode } from 'react';
// The search plugin's bar, which replaces theme-classic's empty one (the one @theme-init/SearchBar would give).
import SearchBar from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar';

type Props = ComponentProps<typeof SearchBar>;

const INPUT = '.navbar__search-input';

/**
 * The plugin re-focuses its input once the index has loaded, even after the reader has tabbed past
 * it: focus that arrives outside a key or pointer press, from another element, is handed back.
 */
function useFocusGuard(): void {
  useEffect(() => {
    // True during the task of a key or pointer press: focus that moves then is the reader's doing
    // (Tab, a click, the Ctrl+K shortcut); the plugin's late focus() runs in a later task.
    let userTask = false;
    const noteInput = () => {
      userTask = true;
      setTimeout(() => {
        userTask = false;
      }, 0);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement) || !event.target.matches(INPUT)) return;
      if (userTask) return;
      // Focus came from elsewhere on the page without the reader asking: hand it back.
      // (From nowhere, it is the plugin restoring focus to an input the reader is still using.)
      const previous = event.relatedTarget;
      if (previous instanceof HTMLElement && previous.isConnected && !previous.matches(INPUT)) previous.focus();
    };
    document.addEventListener('keydown', noteInput, true);
    document.addEventListener('pointerdown', noteInput, true);
    document.addEventListener('focusin', onFocusIn, true);
    return () => {
      document.removeEventListener('keydown', noteInput, true);
      document.removeEventListener('pointerdown', noteInput, true);
      document.removeEventListener('focusin', onFocusIn, true);
    };
  }, []);
}

export default function LoadedSearchBar(props: Props): ReactNode {
  useFocusGuard();
  return <SearchBar {...props} />;
}
