// Renders the drawer once the reader reaches for it: Docusaurus renders it, with the whole docs sidebar, as soon as the window is narrow — a long task right after hydration on every phone visit.
import React, { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-init/Navbar/MobileSidebar';

/** The navbar button that opens the drawer (theme-classic's Navbar/MobileSidebar/Toggle). */
const TOGGLE = '.navbar__toggle';

export default function MobileSidebarWrapper(): ReactNode {
  const { shouldRender, shown } = useNavbarMobileSidebar();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted || !shouldRender) return undefined;
    // Pressing or focusing the toggle mounts the (still closed) drawer, so it slides in on the
    // click that follows, as it does when mounted from the start.
    const prepare = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(TOGGLE)) startTransition(() => setWanted(true));
    };
    const events = ['pointerdown', 'focusin'] as const;
    for (const type of events) document.addEventListener(type, prepare, true);
    return () => {
      for (const type of events) document.removeEventListener(type, prepare, true);
    };
  }, [wanted, shouldRender]);
  // Opened some other way (the toggle pressed before this effect ran): render at once.
  if (shown && !wanted) setWanted(true);
  return wanted ? <MobileSidebar /> : null;
}
