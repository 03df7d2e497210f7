// Replaces the theme's react-redux hooks with the same two hooks over our small store (./store).
import { useContext, useSyncExternalStore } from 'react';
import { ApiStoreContext, type ApiStore, type RootState } from './store';

function useStore(): ApiStore {
  const store = useContext(ApiStoreContext);
  // As react-redux does: the theme's Schema catches this when it renders outside an API page.
  if (!store) throw new Error('The API store is missing: render this component inside ApiItem.');
  return store;
}

export function useTypedSelector<T>(selector: (state: RootState) => T): T {
  const store = useStore();
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useTypedDispatch(): ApiStore['dispatch'] {
  return useStore().dispatch;
}
