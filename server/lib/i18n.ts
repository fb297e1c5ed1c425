/** Server-side messages in English and Arabic, chosen from the request's Accept-Language. */
import type { FieldCode, ServerErrorCode } from '../../contract/errors.ts';
import { LOCALES, type Locale } from '../../contract/locale.ts';
import { qualityList } from './accept.ts';

export type { FieldCode } from '../../contract/errors.ts';
export { isFieldCode } from '../../contract/errors.ts';
export { LOCALES, type Locale };

/**
 * Picks en or ar from an Accept-Language header, honouring q-values (RFC 9110 §12.5.4).
 * Anything unparsable or without a supported language gives English.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header || header.length > 512) return 'en';
  let best: Locale = 'en';
  let bestQ = -1;
  for (const { value, q } of qualityList(header)) {
    const primary = value.split('-')[0];
    const locale = (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
    if (locale && q > 0 && q > bestQ) {
      best = locale;
      bestQ = q;
    }
  }
  return best;
}

type Params = Record<string, string | number>;
type Message = Record<Locale, string | ((p: Params) => string)>;

function minutesEn(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}
function minutesAr(seconds: number): string {
  if (seconds < 60) {
    if (seconds === 1) return 'ثانية واحدة';
    if (seconds === 2) return 'ثانيتين';
    return seconds <= 10 ? `${seconds} ثوانٍ` : `${seconds} ثانية`;
  }
  const m = Math.ceil(seconds / 60);
  if (m === 1) return 'دقيقة واحدة';
  if (m === 2) return 'دقيقتين';
  return m <= 10 ? `${m} دقائق` : `${m} دقيقة`;
}

/** Messages for the top-level error codes. */
export const ERROR_MESSAGES = {
  VALIDATION_ERROR: {
    en: 'Some of the information is not valid. Please check the highlighted fields.',
    ar: 'بعض المعلومات غير صحيحة. يُرجى مراجعة الحقول المحدّدة.',
  },
  INVALID_JSON: {
    en: 'The request body must be a valid JSON object.',
    ar: 'يجب أن يكون محتوى الطلب كائن JSON صالحًا.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'Send the request body as JSON (Content-Type: application/json).',
    ar: 'يُرجى إرسال محتوى الطلب بصيغة JSON (Content-Type: application/json).',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The request body is too large.',
    ar: 'محتوى الطلب كبير جدًا.',
  },
  UNAUTHORIZED: {
    en: 'Please sign in to continue.',
    ar: 'يُرجى تسجيل الدخول للمتابعة.',
  },
  NOT_FOUND: {
    en: 'The requested resource was not found.',
    ar: 'لم يتم العثور على المورد المطلوب.',
  },
  ALIAS_TAKEN: {
    en: 'This alias is already taken. Please choose another one.',
    ar: 'هذا الاسم المستعار مستخدم بالفعل. يُرجى اختيار اسم آخر.',
  },
  INVALID_CREDENTIALS: {
    en: 'The alias or PIN is incorrect.',
    ar: 'الاسم المستعار أو الرمز السري غير صحيح.',
  },
  TOO_MANY_ATTEMPTS: {
    en: (p) => `Too many failed attempts. Please try again in ${minutesEn(Number(p.retryAfter))}.`,
    ar: (p) => `محاولات فاشلة كثيرة. يُرجى المحاولة مرة أخرى بعد ${minutesAr(Number(p.retryAfter))}.`,
  },
  RATE_LIMITED: {
    en: (p) => `Too many requests. Please try again in ${minutesEn(Number(p.retryAfter))}.`,
    ar: (p) => `طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد ${minutesAr(Number(p.retryAfter))}.`,
  },
  SERVER_BUSY: {
    en: 'The service is busy. Please try again in a moment.',
    ar: 'الخدمة مشغولة حاليًا. يُرجى المحاولة بعد قليل.',
  },
  USER_NOT_FOUND: {
    en: 'User not found with the provided alias',
    ar: 'لم يتم العثور على مستخدمة بهذا الاسم المستعار',
  },
  WRONG_ANSWERS: {
    en: 'One or more answers are incorrect.',
    ar: 'إجابة واحدة أو أكثر غير صحيحة.',
  },
  RESET_TOKEN_INVALID: {
    en: 'This reset link is invalid or has expired. Please answer your security questions again.',
    ar: 'رابط إعادة التعيين غير صالح أو انتهت صلاحيته. يُرجى الإجابة عن أسئلة الأمان مرة أخرى.',
  },
  INTERNAL_ERROR: {
    en: 'There was an error. Please try again.',
    ar: 'حدث خطأ. يُرجى المحاولة مرة أخرى.',
  },
  // learning (issue 7)
  FORBIDDEN: {
    en: 'You can only see and change your own learning and invoices.',
    ar: 'يمكنكِ الاطلاع على تعلّمكِ وفواتيركِ وتعديلها فقط.',
  },
  COURSE_NOT_FOUND: { en: 'Course not found.', ar: 'لم يتم العثور على الدورة.' },
  LESSON_NOT_FOUND: { en: 'Lesson not found.', ar: 'لم يتم العثور على الدرس.' },
  QUIZ_NOT_FOUND: { en: 'Quiz not found', ar: 'لم يتم العثور على الاختبار' },
  COURSE_NOT_FREE: {
    en: 'This course is not free. Add it to your cart to enrol.',
    ar: 'هذه الدورة ليست مجانية. أضيفيها إلى سلّتكِ للتسجيل فيها.',
  },
  NOT_ENROLLED: {
    en: 'Please enrol in this course first.',
    ar: 'يُرجى التسجيل في هذه الدورة أولًا.',
  },
  PRE_QUIZ_REQUIRED: {
    en: 'Please take the pre-course quiz first.',
    ar: 'يُرجى إجراء اختبار ما قبل الدورة أولًا.',
  },
  PRE_QUIZ_ALREADY_TAKEN: {
    en: 'You have already taken the pre-course quiz.',
    ar: 'لقد أجريتِ اختبار ما قبل الدورة من قبل.',
  },
  LESSONS_INCOMPLETE: {
    en: 'Please finish every lesson before the post-course quiz.',
    ar: 'يُرجى إنهاء جميع الدروس قبل اختبار ما بعد الدورة.',
  },
  QUIZ_INCOMPLETE: { en: 'Please answer all questions', ar: 'يُرجى الإجابة عن جميع الأسئلة' },
  REVIEW_NOT_ALLOWED: {
    en: 'You can review a course once you have completed it.',
    ar: 'يمكنكِ تقييم الدورة بعد إكمالها.',
  },
  // buying (issue 8)
  COUPON_UNKNOWN: {
    en: 'This promo code does not exist. Please check it and try again.',
    ar: 'رمز الخصم هذا غير موجود. يُرجى التحقّق منه والمحاولة مرة أخرى.',
  },
  COUPON_EXPIRED: { en: 'This promo code has expired.', ar: 'انتهت صلاحية رمز الخصم هذا.' },
  COUPON_NOT_STARTED: {
    en: 'This promo code cannot be used yet.',
    ar: 'لا يمكن استخدام رمز الخصم هذا بعد.',
  },
  COUPON_NOT_APPLICABLE: {
    en: 'This promo code does not apply to the courses in your cart.',
    ar: 'رمز الخصم هذا لا ينطبق على الدورات الموجودة في سلّتكِ.',
  },
  COUPON_ALREADY_USED: {
    en: 'You have already used this promo code.',
    ar: 'لقد استخدمتِ رمز الخصم هذا من قبل.',
  },
  COUPON_USED_UP: {
    en: 'This promo code has been used the maximum number of times.',
    ar: 'استُنفدت جميع مرات استخدام رمز الخصم هذا.',
  },
  CART_EMPTY: { en: 'Your cart is empty.', ar: 'سلّتكِ فارغة.' },
  COURSE_ALREADY_OWNED: {
    en: 'You already own one of these courses. Please remove it from your cart.',
    ar: 'أنتِ مسجّلة بالفعل في إحدى هذه الدورات. يُرجى إزالتها من سلّتكِ.',
  },
  COURSE_IS_FREE: {
    en: 'This course is free: enrol in it directly, without buying it.',
    ar: 'هذه الدورة مجانية: سجّلي فيها مباشرة دون شرائها.',
  },
  PRICE_CHANGED: {
    en: 'The price has changed since you last saw it. Please check the new total before paying.',
    ar: 'تغيّر السعر منذ أن اطّلعتِ عليه. يُرجى مراجعة المجموع الجديد قبل الدفع.',
  },
  IDEMPOTENCY_KEY_REQUIRED: {
    en: 'This payment request is missing its Idempotency-Key header (8 to 100 letters, digits, - or _).',
    ar: 'طلب الدفع هذا ينقصه الترويسة Idempotency-Key (من 8 إلى 100 حرف أو رقم أو - أو _).',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This payment attempt was already used for a different order. Please start the checkout again.',
    ar: 'استُخدمت محاولة الدفع هذه لطلب مختلف. يُرجى بدء إتمام الشراء من جديد.',
  },
  PAYMENT_METHOD_INVALID: {
    en: 'Please enter your card details again.',
    ar: 'يُرجى إدخال بيانات بطاقتكِ مرة أخرى.',
  },
  PAYMENT_DECLINED: {
    en: (p) =>
      p.reason === 'insufficient_funds'
        ? 'Your card was declined: insufficient funds. Please try another card.'
        : p.reason === 'challenge_failed'
          ? 'The payment was not confirmed with your bank, so nothing was charged. Please try again.'
          : 'Your card was declined. Please try another card or contact your bank.',
    ar: (p) =>
      p.reason === 'insufficient_funds'
        ? 'رُفضت بطاقتكِ لعدم كفاية الرصيد. يُرجى تجربة بطاقة أخرى.'
        : p.reason === 'challenge_failed'
          ? 'لم يتم تأكيد الدفع مع البنك، لذا لم يُخصم أي مبلغ. يُرجى المحاولة مرة أخرى.'
          : 'رُفضت بطاقتكِ. يُرجى تجربة بطاقة أخرى أو التواصل مع البنك.',
  },
  PAYMENT_FAILED: {
    en: 'The payment could not be processed, and nothing was charged. Please try again in a moment.',
    ar: 'تعذّرت معالجة الدفع ولم يُخصم أي مبلغ. يُرجى المحاولة بعد قليل.',
  },
  INVOICE_NOT_FOUND: { en: 'Invoice not found.', ar: 'لم يتم العثور على الفاتورة.' },
  // articles (issue 9)
  ARTICLE_NOT_FOUND: { en: 'Article not found.', ar: 'لم يتم العثور على المقالة.' },
  // consultations (issue 10)
  BOOKING_NOT_FOUND: { en: 'Consultation not found.', ar: 'لم يتم العثور على الاستشارة.' },
  SLOT_TAKEN: {
    en: 'Sorry, this time has just been booked. Please choose another: the next free times are shown.',
    ar: 'عذرًا، حُجز هذا الموعد للتو. يُرجى اختيار موعد آخر من المواعيد المتاحة التالية.',
  },
  SLOT_UNAVAILABLE: {
    en: 'This time is not open for booking. Please choose one of the times shown.',
    ar: 'هذا الموعد غير متاح للحجز. يُرجى اختيار أحد المواعيد المعروضة.',
  },
  HOLD_EXPIRED: {
    en: 'We kept this time for you for 10 minutes, and it has now been released. Please choose a time again.',
    ar: 'احتفظنا لكِ بهذا الموعد عشر دقائق، وقد أصبح متاحًا لغيركِ الآن. يُرجى اختيار موعد من جديد.',
  },
  BOOKING_NOT_PAYABLE: {
    en: 'This consultation is already confirmed or cancelled.',
    ar: 'هذه الاستشارة مؤكَّدة أو ملغاة بالفعل.',
  },
  BOOKING_NOT_CANCELLABLE: {
    en: 'This consultation can no longer be cancelled.',
    ar: 'لم يعد بالإمكان إلغاء هذه الاستشارة.',
  },
  NOT_YET_OPEN: {
    en: 'The call opens 10 minutes before it starts.',
    ar: 'تُفتح المكالمة قبل موعدها بعشر دقائق.',
  },
  ENDED: { en: 'This consultation has ended.', ar: 'انتهت هذه الاستشارة.' },
  CREDIT_NOTE_NOT_FOUND: { en: 'Credit note not found.', ar: 'لم يتم العثور على إشعار الدائن.' },
  // issue 20: one member's payments one at a time; the free calls and holds kept fair
  PAYMENT_IN_PROGRESS: {
    en: 'A payment for this is already under way, perhaps in another window. Please finish it there, or try again in a few minutes. You will not be charged twice.',
    ar: 'هناك دفعة لهذا الطلب قيد التنفيذ، ربما في نافذة أخرى. يُرجى إكمالها هناك، أو المحاولة بعد بضع دقائق. لن يُخصم المبلغ مرتين.',
  },
  DISCOVERY_ALREADY_BOOKED: {
    en: 'You already have a free discovery call with this expert coming up. You can book a consultation with her, or another discovery call after that one.',
    ar: 'لديكِ بالفعل مكالمة تعارف مجانية قادمة مع هذه الخبيرة. يمكنكِ حجز استشارة معها، أو مكالمة تعارف أخرى بعد انتهاء تلك المكالمة.',
  },
  FREE_CALLS_LIMIT: {
    en: 'You already have three free calls coming up, which is the most at one time. You can book another once one of them has taken place or been cancelled.',
    ar: 'لديكِ بالفعل ثلاث مكالمات مجانية قادمة، وهو الحدّ الأقصى في الوقت نفسه. يمكنكِ حجز مكالمة أخرى بعد إجراء إحداها أو إلغائها.',
  },
  HOLD_NOT_RENEWABLE: {
    en: 'You reserved this time a moment ago. To be fair to others, it cannot be reserved again straight away: please choose another time, or try again in a few minutes.',
    ar: 'لقد حجزتِ هذا الموعد مؤقتًا قبل قليل. وحرصًا على إتاحة الفرصة لغيركِ، لا يمكن حجزه مجددًا على الفور: يُرجى اختيار موعد آخر، أو المحاولة بعد بضع دقائق.',
  },
} satisfies Record<ServerErrorCode, Message>;

/** The server's own codes: every one has a message here (`satisfies` above fails on a missing one). */
export type ErrorCode = ServerErrorCode;

/** Messages for field-level problems (`fieldCodes`). */
export const FIELD_MESSAGES = {
  ALIAS_REQUIRED: { en: 'Please enter an alias.', ar: 'يُرجى إدخال اسم مستعار.' },
  ALIAS_TOO_SHORT: {
    en: 'The alias must be at least 3 characters.',
    ar: 'يجب أن يتكوّن الاسم المستعار من 3 أحرف على الأقل.',
  },
  ALIAS_TOO_LONG: {
    en: 'The alias must be at most 30 characters.',
    ar: 'يجب ألا يزيد الاسم المستعار عن 30 حرفًا.',
  },
  ALIAS_INVALID_CHARS: {
    en: 'Use only letters, digits, dots, underscores and hyphens.',
    ar: 'استخدمي الحروف والأرقام والنقاط والشرطات السفلية والشرطات فقط.',
  },
  ALIAS_TAKEN: {
    en: 'This alias is already taken.',
    ar: 'هذا الاسم المستعار مستخدم بالفعل.',
  },
  PIN_REQUIRED: { en: 'Please enter a PIN.', ar: 'يُرجى إدخال الرمز السري.' },
  // the app's own check (boxes of a chosen length); the server never sends it
  PIN_INCOMPLETE: {
    en: 'Fill in all the boxes, or choose a shorter PIN.',
    ar: 'املئي جميع الخانات، أو اختاري رمزًا أقصر.',
  },
  PIN_CONFIRM_REQUIRED: { en: 'Please repeat your PIN.', ar: 'يُرجى إعادة إدخال رمزك السري.' },
  PIN_FORMAT: {
    en: 'The PIN must be 6 to 12 digits.',
    ar: 'يجب أن يتكوّن الرمز السري من 6 إلى 12 رقمًا.',
  },
  PIN_TOO_COMMON: {
    en: 'This PIN is too easy to guess. Please choose another one.',
    ar: 'هذا الرمز السري سهل التخمين. يُرجى اختيار رمز آخر.',
  },
  PIN_MISMATCH: { en: 'The PINs do not match.', ar: 'الرمزان السريّان غير متطابقين.' },
  ANSWER_REQUIRED: { en: 'Please answer this question.', ar: 'يُرجى الإجابة عن هذا السؤال.' },
  ANSWER_TOO_SHORT: {
    en: 'Please use at least two letters or numbers in your answer (symbols and emoji alone are too easy to guess).',
    ar: 'يُرجى أن تحتوي إجابتك على حرفين أو رقمين على الأقل (الرموز والوجوه التعبيرية وحدها سهلة التخمين).',
  },
  ANSWER_TOO_LONG: {
    en: 'The answer must be at most 200 characters.',
    ar: 'يجب ألا تزيد الإجابة عن 200 حرف.',
  },
  QUESTIONS_NOT_DISTINCT: {
    en: 'Please choose three different questions.',
    ar: 'يُرجى اختيار ثلاثة أسئلة مختلفة.',
  },
  QUESTION_UNKNOWN: { en: 'Please choose a question from the list.', ar: 'يُرجى اختيار سؤال من القائمة.' },
  COUNTRY_INVALID: { en: 'Please choose your country.', ar: 'يُرجى اختيار بلدك.' },
  AVATAR_INVALID: { en: 'Please choose an avatar to continue!', ar: 'يُرجى اختيار صورة رمزية للمتابعة!' },
  AGE_RANGE_INVALID: { en: 'Please choose your age range.', ar: 'يُرجى اختيار فئتك العمرية.' },
  MARITAL_STATUS_INVALID: {
    en: 'Please choose a marital status from the list.',
    ar: 'يُرجى اختيار الحالة الاجتماعية من القائمة.',
  },
  LANGUAGE_INVALID: { en: 'Please choose English or Arabic.', ar: 'يُرجى اختيار العربية أو الإنجليزية.' },
  EMAIL_INVALID: { en: 'Please enter a valid email address.', ar: 'يُرجى إدخال بريد إلكتروني صحيح.' },
  PHONE_INVALID: {
    en: 'Please enter a valid phone number with the country code, e.g. +971 50 123 4567.',
    ar: 'يُرجى إدخال رقم هاتف صحيح مع رمز الدولة، مثل ‎+971 50 123 4567.',
  },
  MUST_BE_ADULT: {
    en: 'You must be 18 or older to join.',
    ar: 'يجب أن يكون عمرك 18 عامًا أو أكثر للانضمام.',
  },
  MUST_ACCEPT_TERMS: {
    en: 'Please agree to the terms to continue.',
    ar: 'يُرجى الموافقة على الشروط للمتابعة.',
  },
  REQUIRED: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  INVALID: { en: 'This value is not valid.', ar: 'هذه القيمة غير صالحة.' },
  // learning (issue 7)
  PAGE_INVALID: {
    en: 'The page must be a whole number, 1 or more.',
    ar: 'يجب أن يكون رقم الصفحة عددًا صحيحًا يساوي 1 أو أكثر.',
  },
  LIMIT_INVALID: {
    en: 'The page size must be a whole number from 1 to 50.',
    ar: 'يجب أن يكون حجم الصفحة عددًا صحيحًا من 1 إلى 50.',
  },
  RATING_INVALID: {
    en: 'Please choose a rating from 1 to 5 stars.',
    ar: 'يُرجى اختيار تقييم من نجمة إلى 5 نجوم.',
  },
  REVIEW_TOO_LONG: {
    en: 'The review must be at most 2000 characters.',
    ar: 'يجب ألا يزيد التقييم عن 2000 حرف.',
  },
  CHOICE_INVALID: {
    en: 'Please choose from the options given (one option unless several are allowed).',
    ar: 'يُرجى الاختيار من الخيارات المعروضة (خيار واحد ما لم يُسمح بأكثر).',
  },
  QUIZ_QUESTION_UNKNOWN: {
    en: 'This question is not part of the quiz.',
    ar: 'هذا السؤال ليس من أسئلة الاختبار.',
  },
  // buying (issue 8)
  CART_EMPTY: { en: 'Add at least one course.', ar: 'أضيفي دورة واحدة على الأقل.' },
  TOO_MANY: { en: 'At most 20 courses at once.', ar: '20 دورة كحدّ أقصى في المرة الواحدة.' },
  COUPON_UNKNOWN: { en: 'This promo code does not exist.', ar: 'رمز الخصم هذا غير موجود.' },
  CARD_NUMBER_INVALID: {
    en: 'Please check the card number.',
    ar: 'يُرجى التحقّق من رقم البطاقة.',
  },
  EXPIRY_INVALID: {
    en: 'Enter the expiry date as MM/YY.',
    ar: 'أدخلي تاريخ الانتهاء بالصيغة MM/YY (الشهر/السنة).',
  },
  CARD_EXPIRED: { en: 'This card has expired.', ar: 'انتهت صلاحية هذه البطاقة.' },
  CVC_INVALID: {
    en: 'The security code is the 3 digits on the back of the card (4 on the front for American Express).',
    ar: 'رمز الأمان هو الأرقام الثلاثة على ظهر البطاقة (أو الأربعة على وجهها لبطاقات أمريكان إكسبريس).',
  },
  // public forms (issue 9); the limits per field are in contract/forms-rules.ts
  TEXT_TOO_SHORT: { en: 'Please write a little more.', ar: 'يُرجى كتابة المزيد قليلًا.' },
  TEXT_TOO_LONG: {
    en: 'This is too long (or a single line has several).',
    ar: 'هذا النص أطول من المسموح (أو يحتوي سطرًا واحدًا على عدة أسطر).',
  },
  REPLY_INVALID: {
    en: 'Enter an e-mail address, or a phone number with its country code (e.g. +971 50 123 4567).',
    ar: 'يُرجى إدخال بريد إلكتروني أو رقم هاتف مع رمز الدولة (مثل ‎+971 50 123 4567).',
  },
  YEARS_INVALID: {
    en: 'Enter your years of practice as a whole number from 0 to 60.',
    ar: 'يُرجى إدخال عدد سنوات الممارسة عددًا صحيحًا من 0 إلى 60.',
  },
  FILE_REQUIRED: { en: 'Please attach your CV as a PDF.', ar: 'يُرجى إرفاق سيرتك الذاتية بصيغة PDF.' },
  FILE_NOT_PDF: {
    en: 'This file is not a PDF. Please save your CV as a PDF and attach it again.',
    ar: 'هذا الملف ليس بصيغة PDF. يُرجى حفظ سيرتك الذاتية بصيغة PDF وإرفاقها من جديد.',
  },
  FILE_TOO_LARGE: {
    en: 'The file is larger than 5 MB.',
    ar: 'حجم الملف أكبر من 5 ميغابايت.',
  },
  // the CV read as a PDF (issue 20, lib/pdf-check.ts)
  PDF_UNREADABLE: {
    en: 'This PDF could not be opened. Please save your CV as a PDF again and attach it.',
    ar: 'تعذّر فتح ملف PDF هذا. احفظي سيرتكِ الذاتية بصيغة PDF من جديد ثم أرفقيها.',
  },
  PDF_POLYGLOT: {
    en: 'This file is not only a PDF: it also contains web page code. Please save your CV as a PDF again and attach it.',
    ar: 'هذا الملف ليس ملف PDF فقط، إذ يحتوي أيضًا على شيفرة صفحة ويب. احفظي سيرتكِ الذاتية بصيغة PDF من جديد ثم أرفقيها.',
  },
  PDF_ENCRYPTED: {
    en: 'This PDF is protected by a password or encryption. Please attach a copy without protection.',
    ar: 'ملف PDF هذا محميّ بكلمة مرور أو مُشفَّر. أرفقي نسخة منه دون حماية.',
  },
  PDF_JAVASCRIPT: {
    en: 'This PDF contains scripts (JavaScript). Please save your CV as a plain PDF (for example with Print, then Save as PDF) and attach it.',
    ar: 'يحتوي ملف PDF هذا على نصوص برمجية (JavaScript). احفظي سيرتكِ الذاتية بصيغة PDF عادية (مثلًا من «طباعة» ثم «حفظ بصيغة PDF») ثم أرفقيها.',
  },
  PDF_LAUNCH: {
    en: 'This PDF contains an action that opens other files or programs. Please save your CV as a plain PDF (for example with Print, then Save as PDF) and attach it.',
    ar: 'يحتوي ملف PDF هذا على أمر يفتح ملفات أو برامج أخرى. احفظي سيرتكِ الذاتية بصيغة PDF عادية (مثلًا من «طباعة» ثم «حفظ بصيغة PDF») ثم أرفقيها.',
  },
  PDF_EMBEDDED_FILE: {
    en: 'This PDF has other files attached inside it. Please attach a PDF of your CV alone.',
    ar: 'يحتوي ملف PDF هذا على ملفات أخرى مرفقة بداخله. أرفقي ملف PDF لسيرتكِ الذاتية وحدها.',
  },
  PDF_INFLATES_TOO_MUCH: {
    en: 'This PDF becomes far too large once opened. Please save your CV as a simpler PDF and attach it.',
    ar: 'يصبح حجم ملف PDF هذا كبيرًا جدًا عند فتحه. احفظي سيرتكِ الذاتية بصيغة PDF أبسط ثم أرفقيها.',
  },
  PDF_TOO_COMPLEX: {
    en: 'This PDF is too complex for us to check. Please save your CV as a simpler PDF (fewer pages or images) and attach it.',
    ar: 'ملف PDF هذا أعقد من أن نتمكّن من فحصه. احفظي سيرتكِ الذاتية بصيغة PDF أبسط (بصفحات أو صور أقل) ثم أرفقيها.',
  },
} satisfies Record<FieldCode, Message>;

function render(m: Message, locale: Locale, params: Params): string {
  const v = m[locale];
  return typeof v === 'function' ? v(params) : v;
}

export function errorMessage(code: ErrorCode, locale: Locale, params: Params = {}): string {
  return render(ERROR_MESSAGES[code], locale, params);
}

export function fieldMessage(code: FieldCode, locale: Locale): string {
  return render(FIELD_MESSAGES[code], locale, {});
}
