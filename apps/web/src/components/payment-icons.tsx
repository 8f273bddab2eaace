// Small, local payment-brand badges (no remote images). Each is an <svg role="img"> with a name.
const box = { width: 46, height: 30 } as const;

export function VisaIcon({ title }: { title: string }) {
  return (
    <svg {...box} viewBox="0 0 46 30" role="img" aria-label={title}>
      <rect x="0.5" y="0.5" width="45" height="29" rx="4" fill="#fff" stroke="#d0d7e2" />
      <text
        x="23"
        y="20"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="12.5"
        fontWeight="800"
        fontStyle="italic"
        fill="#1a1f71"
        letterSpacing="0.5"
      >
        VISA
      </text>
    </svg>
  );
}

export function MastercardIcon({ title }: { title: string }) {
  return (
    <svg {...box} viewBox="0 0 46 30" role="img" aria-label={title}>
      <rect x="0.5" y="0.5" width="45" height="29" rx="4" fill="#fff" stroke="#d0d7e2" />
      <circle cx="18.5" cy="15" r="8" fill="#eb001b" />
      <circle cx="27.5" cy="15" r="8" fill="#f79e1b" />
      <path d="M23 8.4a8 8 0 0 1 0 13.2a8 8 0 0 1 0-13.2z" fill="#ff5f00" />
    </svg>
  );
}

export function AmexIcon({ title }: { title: string }) {
  return (
    <svg {...box} viewBox="0 0 46 30" role="img" aria-label={title}>
      <rect x="0.5" y="0.5" width="45" height="29" rx="4" fill="#1f72cd" stroke="#1f72cd" />
      <text
        x="23"
        y="19.5"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="10.5"
        fontWeight="800"
        fill="#fff"
        letterSpacing="0.6"
      >
        AMEX
      </text>
    </svg>
  );
}
