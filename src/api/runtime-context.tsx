import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { RuntimeConfig } from '@/config/config-schema';
import type { SessionManager, SessionSnapshot } from './session';

/** What demo mode adds: the fake service's controls. Null when talking to the real service. */
export interface DemoControls {
  resetData: () => Promise<void>;
  scale: number;
}

export interface Runtime {
  config: RuntimeConfig;
  session: SessionManager;
  demo: DemoControls | null;
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime() outside RuntimeProvider');
  return runtime;
}

export function useSessionSnapshot(): SessionSnapshot {
  const { session } = useRuntime();
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

const noSubscription = () => () => {};
const noSnapshot = () => null;

/** The signed-in username; null when signed out or outside a runtime (component tests). */
export function useSignedInUsername(): string | null {
  const runtime = useContext(RuntimeContext);
  const snapshot = useSyncExternalStore(
    runtime?.session.subscribe ?? noSubscription,
    runtime?.session.getSnapshot ?? noSnapshot,
  );
  return snapshot?.session?.username ?? null;
}
