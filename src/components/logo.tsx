/** Lotus mark: plum centre petal, rose inner petals, soft plum outer petals. */
export const LogoMark = ({ label, className }: { label?: string; className?: string }) => (
  <svg
    viewBox="0 0 48 48"
    xmlns="http://www.w3.org/2000/svg"
    className={className}
    role={label ? 'img' : undefined}
    aria-label={label}
    aria-hidden={label ? undefined : true}
    focusable="false"
  >
    <path d="M24 37C13.6 38.4 6.4 33.8 3.2 25.6 11.3 23.4 19.6 27.4 24 37Z" fill="#C47DA7" opacity=".55" />
    <path d="M24 37C34.4 38.4 41.6 33.8 44.8 25.6 36.7 23.4 28.4 27.4 24 37Z" fill="#C47DA7" opacity=".55" />
    <path d="M24 37C15.4 34.2 10.6 26.6 11.4 16.4 19 19.6 23.4 27 24 37Z" fill="#EA7E78" />
    <path d="M24 37C32.6 34.2 37.4 26.6 36.6 16.4 29 19.6 24.6 27 24 37Z" fill="#EA7E78" />
    <path d="M24 6.5C30.6 13.4 31.6 27 24 37 16.4 27 17.4 13.4 24 6.5Z" fill="#6B2D5C" />
    <path
      d="M24 13.5C26.6 18.6 26.6 26.4 24 31.5"
      stroke="#FBF5F9"
      strokeWidth="1.2"
      strokeLinecap="round"
      fill="none"
      opacity=".5"
    />
    <path
      d="M13 41.6C19.6 43.6 28.4 43.6 35 41.6"
      stroke="#D9605B"
      strokeWidth="1.8"
      strokeLinecap="round"
      fill="none"
    />
  </svg>
);
