// Stops the search plugin from pulling focus back: once its index loads it re-focuses the input, even after the reader has tabbed past it.
import React, { useEffect, type ComponentProps, type ReactNode } from 'react';
import SearchBar from '@theme-original/SearchBar';

const INPUT = '.navbar__search-input';

export default function SearchBarWrapper(props: ComponentProps<typeof SearchBar>): ReactNode {
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
  return <SearchBar {...props} />;
}
