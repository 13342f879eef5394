import type { Db } from "@tollgate/db";
import { sql } from "kysely";
import { paidVerificationCensus } from "../paid/scout.js";

/**
 * The dated paid-delivery census (`/state/paid-verification.json`): the census figures frozen once per UTC
 * day (the first read of the day freezes them; a frozen day is never rewritten, also under concurrent
 * readers), beside a live block computed at the read. Before the scout recorded any purchase the frozen
 * block says so instead of holding zeros.
 */
export async function paidVerificationReport(db: Db, now = new Date()) {
  const live = await paidVerificationCensus(db);
  const day = now.toISOString().slice(0, 10);
  const name = `paid_census:${day}`;
  if (live.paid_verification.attempted > 0)
    await db
      .insertInto("service_settings")
      .values({ name, value: JSON.stringify({ census_date: day, frozen_at: now.toISOString(), ...live }) })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  const frozen = await db
    .selectFrom("service_settings")
    .select(["name", "value"])
    .where("name", "like", "paid_census:%")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst();
  const editions = await db
    .selectFrom("service_settings")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("name", "like", "paid_census:%")
    .executeTakeFirstOrThrow();
  return {
    report: "paid-verification",
    generated_at: Math.floor(now.getTime() / 1000),
    generated_at_iso: now.toISOString(),
    census: frozen
      ? frozen.value
      : {
          census_date: null,
          note: "no census yet: the registry's scout has not recorded a purchase; figures appear once it has",
        },
    editions: editions.n,
    live: { as_of: Math.floor(now.getTime() / 1000), ...live },
    method:
      "the registry's scout buys from verified listings with its own wallet and grades each delivery; per listing, its latest real purchase counts (dry runs, where our own client failed, excluded); the census freezes these figures once per UTC day, the live block is computed at each read",
  };
}
