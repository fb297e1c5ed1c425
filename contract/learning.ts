/**
 * The learning API's shapes: one home for the server (which validates with these schemas) and the
 * app (which imports only their inferred types: `import type`). Money is integer minor units
 * (cents); `price` and `sale_price` keep the spec's names (§3). Texts arrive in the request's
 * Accept-Language. Paths are the spec's (§7):
 *
 * GET  /lms/courses/all?page&limit                         → CoursesPage (public, ETag)
 * GET  /p/lms/get-course-by-id/{courseId}                  → CourseDetail (public)
 * GET  /lms/get-course-by-id/{courseId}/{userId}           → MemberCourseDetail (403 unless userId is hers)
 * POST /articles/enroll-free-course         EnrolBody      → Enrolment (201 new, 200 already enrolled)
 * POST /lms/lesson/complete                 LessonDoneBody → Progress
 * POST /lms/mark-complete-all               CourseIdBody   → Progress
 * POST /lms/quiz/submit                     QuizSubmitBody → QuizResult (400 QUIZ_INCOMPLETE …)
 * GET  /lms/user/courses/{userId}                          → EnrolledCourses
 * GET  /lms/user/{userId}/quiz-results                     → QuizResults
 * PUT  /feedback/user/{userId}              ReviewBody     → MyReview (only after completing the course)
 * GET  /feedback/user/{userId}                             → MyReviews
 * GET  /feedback/course/{courseId}/reviews?page&limit&excludeUserId → ReviewsPage
 */

export * from './learning-courses.ts';
export * from './learning-member.ts';
