import type { SessionUser } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';

/*
 * The one shape of a service verb (docs/decisions/026-service-shape.md): `verb({ ctx, input })`.
 * `ctx` is who acts and with what: the database (the pool, or a transaction), the user when one
 * acts, and the dependencies that verb needs. `input` is what was asked, already validated.
 */

/** No one in particular acts (public reads, scripts, seeds). */
export type Ctx<Deps = unknown> = { db: Db } & Deps;
/** A signed-in user acts. */
export type UserCtx<Deps = unknown> = Ctx<Deps> & { user: SessionUser };
/** Anyone may ask; `user` is null for a visitor. */
export type ViewerCtx<Deps = unknown> = Ctx<Deps> & { user: SessionUser | null };
