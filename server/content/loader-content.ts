/**
 * What `readContent` (loader.ts) returns and `storeContent` (loader-store.ts) writes: checked rows
 * ready to store, and the content version they were read at. Its own module so that the two do not
 * import each other.
 */
import type { ArticleRow } from './articles.ts';
import type { AvailabilityRow } from './availability.ts';
import type { CircleSpaceRow } from './loader-circle.ts';
import type { CouponRow } from './loader-coupons.ts';
import type { CourseRow, LessonRow, QuestionRow } from './loader-courses.ts';
import type { ExpertRow } from './loader-experts.ts';

export interface Content {
  version: string;
  coupons: CouponRow[];
  experts: ExpertRow[];
  courses: CourseRow[];
  lessons: LessonRow[];
  questions: QuestionRow[];
  /** The articles (articles.ts). */
  articles: ArticleRow[];
  /** Experts' hours for consultations (availability.ts, issue 10). */
  availability: AvailabilityRow[];
  /** The community circle's spaces (loader-circle.ts, issue 27). */
  circleSpaces: CircleSpaceRow[];
}
