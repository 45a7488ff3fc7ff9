/**
 * The spec's accepted payment logos (both documents, section 9): Mastercard, Visa, Maestro, Google Pay,
 * Apple Pay, in that order. Small SVG files in public/img/pay/ (about 300 bytes each), shown where a
 * shopper pays: /online-payment and the reserve pages (checkout, buy-online).
 */
export const PAYMENT_LOGOS = [
  { name: 'Mastercard', src: '/img/pay/mastercard.svg' },
  { name: 'Visa', src: '/img/pay/visa.svg' },
  { name: 'Maestro', src: '/img/pay/maestro.svg' },
  { name: 'Google Pay', src: '/img/pay/google-pay.svg' },
  { name: 'Apple Pay', src: '/img/pay/apple-pay.svg' },
] as const;
