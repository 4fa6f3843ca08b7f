import { sql, type Kysely } from 'kysely';

// The mechanic's Earnings without re-reading every job's quote (docs/decisions/0297-job-figure-kept.md).
// Summing a mechanic's 4,690 completed jobs read each one's lines and bid by key: 129 ms of a
// 139 ms summary. Each appointment now keeps its job's figure in cents, the one its card names
// (docs/decisions/0170): the approved lines (the quote's and its change orders') when the job was
// quoted in lines, the bid's total otherwise. Triggers keep it, so no writer can forget it: an
// appointment computes it when written, a line's write or a bid's new total refreshes the
// appointments of that bid. The "available requests" count probes each of the mechanic's matches
// for an open request: a partial index of the open requests (QUOTABLE_REQUEST_STATUSES, written out
// as the summary's statement writes them) makes each probe a read of a small index.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function job_figure_cents(bid uuid) returns bigint
    language sql stable parallel safe as $$
      select case when count(*) > 0
                  then coalesce(sum(l.labor_cents + l.parts_cents) filter (where l.decision = 'approve'), 0)
                  else (select round(b.total_cost * 100)::bigint from bids b where b.id = bid) end
      from bid_lines l where l.bid_id = bid
    $$`.execute(db);
  await sql`alter table appointments add column figure_cents bigint`.execute(db);

  await sql`
    create or replace function appointments_keep_figure() returns trigger
    language plpgsql as $$
    begin
      new.figure_cents := job_figure_cents(new.bid_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger appointments_keep_figure before insert or update of bid_id, figure_cents on appointments
            for each row execute function appointments_keep_figure()`.execute(db);

  // Refreshes the appointments of one bid, writing only when the figure changed. Most bids never
  // become a job: their lines' writes stop at one probe of the appointments' bid index.
  await sql`
    create or replace function refresh_job_figure(bid uuid) returns void
    language plpgsql as $$
    declare figure bigint;
    begin
      if not exists (select 1 from appointments where bid_id = bid) then return; end if;
      figure := job_figure_cents(bid);
      update appointments set figure_cents = figure where bid_id = bid and figure_cents is distinct from figure;
    end $$`.execute(db);
  await sql`
    create or replace function bid_lines_refresh_figure() returns trigger
    language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform refresh_job_figure(old.bid_id); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.bid_id is distinct from old.bid_id) then
        perform refresh_job_figure(new.bid_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bid_lines_refresh_figure
            after insert or delete or update of bid_id, decision, labor_cents, parts_cents on bid_lines
            for each row execute function bid_lines_refresh_figure()`.execute(db);
  await sql`
    create or replace function bids_refresh_figure() returns trigger
    language plpgsql as $$
    begin
      perform refresh_job_figure(new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger bids_refresh_figure after update of total_cost on bids
            for each row when (old.total_cost is distinct from new.total_cost)
            execute function bids_refresh_figure()`.execute(db);

  await sql`update appointments set figure_cents = job_figure_cents(bid_id)`.execute(db);
  await sql`create index service_requests_quotable_idx on service_requests (id) where status in ('matched', 'quoted')`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists service_requests_quotable_idx`.execute(db);
  await sql`drop trigger if exists bids_refresh_figure on bids`.execute(db);
  await sql`drop trigger if exists bid_lines_refresh_figure on bid_lines`.execute(db);
  await sql`drop trigger if exists appointments_keep_figure on appointments`.execute(db);
  await sql`alter table appointments drop column if exists figure_cents`.execute(db);
  await sql`drop function if exists bids_refresh_figure()`.execute(db);
  await sql`drop function if exists bid_lines_refresh_figure()`.execute(db);
  await sql`drop function if exists refresh_job_figure(uuid)`.execute(db);
  await sql`drop function if exists appointments_keep_figure()`.execute(db);
  await sql`drop function if exists job_figure_cents(uuid)`.execute(db);
}
