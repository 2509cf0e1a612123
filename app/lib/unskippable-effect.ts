import { useEffect, useRef, type DependencyList, type EffectCallback } from "react";

/**
 * `useEffect` for dependencies read from React Router's fetchers (a fetcher's state, data or form
 * data, the fetcher object, `useFetchers()`, or anything computed from them): the effect runs when
 * its dependencies differ from those it last *ran* with, checked after every commit, where
 * `useEffect` compares them with those of the last render.
 *
 * Why (ADR 118): React Router changes a fetcher's state and data in place (a Map of fetchers, a ref
 * of answers) and only then asks React to render its update. A render that comes in between for
 * another reason already sees the new answer; when React finds that render changed none of the
 * component's own state, it bails out: it keeps that render's dependencies and runs none of its
 * effects. The router's own update renders next with the same dependencies, so a plain `useEffect`
 * never runs for that answer (the dashboard's list stood at "Loading more tasks..." in about one
 * run in three on a busy machine). The router's update always commits after its change, and this
 * effect runs at every commit, so it sees the answer then.
 *
 * Cleanup: the last run's cleanup runs before the next run and when the component unmounts.
 *
 * The lint rule `nudge/fetcher-effects` asks for it in modules that read fetchers; a helper in its own
 * module that is handed a fetcher's answer (`useExpiring`, `useRedirectAfter`) must use it too.
 */
export function useUnskippableEffect(effect: EffectCallback, deps: DependencyList): void {
  const lastRun = useRef<{ deps: DependencyList; cleanup: ReturnType<EffectCallback> } | null>(null);
  useEffect(() => {
    if (lastRun.current && sameDependencies(lastRun.current.deps, deps)) return;
    lastRun.current?.cleanup?.();
    lastRun.current = { deps, cleanup: effect() };
  });
  useEffect(
    () => () => {
      lastRun.current?.cleanup?.();
      lastRun.current = null;
    },
    [],
  );
}

function sameDependencies(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
