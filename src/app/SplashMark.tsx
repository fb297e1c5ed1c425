/** The logo mark as index.html draws it before JavaScript (keep the two in step). */
export function SplashMark() {
  return (
    <svg viewBox="0 0 96 96" role="presentation">
      <circle cx="48" cy="48" r="46" fill="#F5E7F0" />
      <path d="M48 22c9 9 13 18 13 27S56 66 48 74c-8-8-13-16-13-25s4-18 13-27z" fill="#6B2D5C" />
      <path d="M48 74c-14-2-24-11-26-25 10 0 19 5 26 14 7-9 16-14 26-14-2 14-12 23-26 25z" fill="#EA7E78" />
    </svg>
  );
}
