import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof createDb>;

/** A Drizzle client over a D1 binding (metered or not). */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export { schema };
