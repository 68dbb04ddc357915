import { sql } from 'drizzle-orm';
import { verifications } from '../../db/schema/auth.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { PASSWORD_RESET_SUBJECT, SPENT_RESET_LINK } from '../../lib/mail-templates.ts';
import type { Ctx } from '../../lib/service.ts';

/** A link carrying a token, in the query (older mail) or the fragment; `&` may be `&amp;`. */
const TOKEN_LINK = `https?://[^\\s"'<>]*[#?&]token=[^\\s"'<>]*`;
/** The HTML part's button around such a link: the whole anchor goes. */
const TOKEN_ANCHOR = `<a [^>]*href="${TOKEN_LINK}"[^>]*>[^<]*</a>`;

/**
 * Takes the link out of every stored reset mail whose link no longer works: used, voided by a
 * newer one or a password change, or expired. The outbox keeps delivered mail for days (the dev
 * mailbox, a retried delivery), and a live link there is a way into the account. Run where a
 * link is spent and on a schedule for the ones that expire. Returns how many mails it changed.
 */
export async function forgetSpentResetLinks({ ctx: { db } }: { ctx: Ctx }): Promise<number> {
  const o = outboxEmails;
  const v = verifications;
  const { rows } = await db.execute<{ id: string }>(sql`
    update ${o} set
      ${sql.identifier(o.text.name)} = regexp_replace(${o.text}, ${TOKEN_LINK}, ${SPENT_RESET_LINK}, 'g'),
      ${sql.identifier(o.html.name)} = regexp_replace(
        regexp_replace(${o.html}, ${TOKEN_ANCHOR}, ${SPENT_RESET_LINK}, 'g'),
        ${TOKEN_LINK}, ${SPENT_RESET_LINK}, 'g')
    where ${o.subject} = ${PASSWORD_RESET_SUBJECT}
      and (${o.text} ~ ${TOKEN_LINK} or ${o.html} ~ ${TOKEN_LINK})
      and not exists (
        select 1 from ${v}
        where ${v.identifier} = 'reset-password:' || substring(${o.text} from '[#?&]token=([A-Za-z0-9_-]+)')
          and ${v.expiresAt} > now())
    returning ${o.id}`);
  return rows.length;
}
