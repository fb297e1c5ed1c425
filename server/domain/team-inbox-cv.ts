/**
 * An expert application's CV for the team inbox (issue 26): the file the form stored under the forms
 * config's uploads folder, opened only when its real path (symbolic links followed) is inside that
 * folder, and given a neutral name (application-<first 8 of the id>.pdf). Nothing else serves CVs.
 */
import { createReadStream, type ReadStream, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { StaffActor } from './admin-common.ts';
import { writeAudit } from './staff-audit.ts';
import type { TeamInbox } from './team-inbox.ts';

/** The real path of `path` when it is a file inside `dir`; null otherwise (missing, outside, not a file). */
export function insideFolder(dir: string, path: string): string | null {
  try {
    const root = realpathSync(resolve(dir));
    const real = realpathSync(resolve(root, path));
    if (!real.startsWith(root + sep)) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

export interface CvFile {
  name: string;
  size: number;
  stream: ReadStream;
}

export function createInboxCv({
  database,
  clock,
  inbox,
  uploadsDir,
}: {
  database: Database;
  clock: Clock;
  inbox: TeamInbox;
  uploadsDir: string;
}) {
  return {
    /** The CV of an expert application, opened for reading (404 NOT_FOUND when there is none). */
    async open(who: StaffActor, id: string): Promise<CvFile> {
      const row = await inbox.row(id);
      if (row.kind !== 'expert-application' || !row.cvPath) throw new ApiError('NOT_FOUND');
      const real = insideFolder(uploadsDir, row.cvPath);
      if (!real) throw new ApiError('NOT_FOUND');
      const size = statSync(real).size;
      await database.transaction((tx) =>
        writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'submission.cv.downloaded',
          targetType: 'submission',
          targetId: id,
          detail: { size },
        }),
      );
      return { name: `application-${id.slice(0, 8)}.pdf`, size, stream: createReadStream(real) };
    },
  };
}
export type InboxCv = ReturnType<typeof createInboxCv>;
