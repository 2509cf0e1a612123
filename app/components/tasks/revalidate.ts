import type { ShouldRevalidateFunction } from "@remix-run/react";
import { TASKS_RESOURCE } from "./types";

/**
 * The dashboard keeps its task list in the page (pages 2, 3, ... came from the infinite scroll) and
 * updates cards from each answer's result. Reloading page 1 after every Acknowledge / Done /
 * Snooze / Delete would throw the scrolled pages away, so those posts do not revalidate it.
 */
export const keepTaskListOnTaskAnswers: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith(TASKS_RESOURCE) ? false : defaultShouldRevalidate;
