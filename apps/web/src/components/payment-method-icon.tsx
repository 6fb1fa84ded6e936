import {
  PAYMENT_BRAND_LABEL,
  paymentMethodBrand,
  type TPaymentBrand,
} from '@haulpro/shared/payment-method-brands';
import type { ReactNode } from 'react';

/** Drawn on a 38x24 card: brand colours and a short wordmark, no files and no network. */
const W = 38;
const H = 24;

function Word({
  children,
  fill,
  size = 9,
  italic = false,
}: {
  children: ReactNode;
  fill: string;
  size?: number;
  italic?: boolean;
}) {
  return (
    <text
      x={W / 2}
      y={H / 2 + size * 0.36}
      textAnchor="middle"
      fontFamily="Arial, Helvetica, sans-serif"
      fontWeight={800}
      fontStyle={italic ? 'italic' : undefined}
      fontSize={size}
      fill={fill}
    >
      {children}
    </text>
  );
}

const CARDS: Record<TPaymentBrand, { bg: string; border?: string; mark: ReactNode }> = {
  visa: {
    bg: '#1A1F71',
    mark: (
      <Word fill="#fff" size={10} italic>
        VISA
      </Word>
    ),
  },
  paypal: {
    bg: '#fff',
    border: '#d0d5dd',
    mark: (
      <Word fill="#003087" size={8.5} italic>
        Pay<tspan fill="#009CDE">Pal</tspan>
      </Word>
    ),
  },
  mastercard: {
    bg: '#1f1f1f',
    mark: (
      <>
        <circle cx={15.5} cy={12} r={7} fill="#EB001B" />
        <circle cx={22.5} cy={12} r={7} fill="#F79E1B" />
        <path d="M19 6.1a7 7 0 0 1 0 11.8a7 7 0 0 1 0-11.8z" fill="#FF5F00" />
      </>
    ),
  },
  venmo: {
    bg: '#3D95CE',
    mark: (
      <Word fill="#fff" size={9} italic>
        venmo
      </Word>
    ),
  },
  zelle: {
    bg: '#6D1ED4',
    mark: (
      <Word fill="#fff" size={9}>
        Zelle
      </Word>
    ),
  },
  googlepay: {
    bg: '#fff',
    border: '#d0d5dd',
    mark: (
      <Word fill="#5f6368" size={9}>
        <tspan fill="#4285F4">G</tspan> Pay
      </Word>
    ),
  },
  applepay: {
    bg: '#000',
    mark: (
      <>
        {/* A simple apple: a body and a leaf. */}
        <path
          d="M10.6 9.2c-.9 0-1.9.7-2.4.7-.6 0-1.3-.7-2.2-.6-1.1 0-2.2.7-2.7 1.7-1.2 2-.3 5 .8 6.6.6.8 1.2 1.6 2 1.6s1.1-.5 2-.5 1.2.5 2 .5 1.4-.8 1.9-1.6c.6-.9.9-1.8.9-1.8s-1.7-.7-1.7-2.6c0-1.6 1.3-2.4 1.4-2.4-.8-1.1-1.9-1.2-2.3-1.2z M9.6 8.4c.4-.5.7-1.2.6-1.9-.6 0-1.4.4-1.8.9-.4.4-.7 1.1-.6 1.8.7.1 1.4-.3 1.8-.8z"
          fill="#fff"
          transform="translate(1 -1)"
        />
        <text
          x={25}
          y={16}
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontWeight={600}
          fontSize={10}
          fill="#fff"
        >
          Pay
        </text>
      </>
    ),
  },
  moneygram: {
    bg: '#DA291C',
    mark: (
      <Word fill="#fff" size={10}>
        MG
      </Word>
    ),
  },
};

/** A card outline with a stripe: for every method without its own icon. */
function GenericCard() {
  return (
    <>
      <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={4} fill="#f1f3f5" stroke="#adb5bd" />
      <rect x={0.5} y={6} width={W - 1} height={4} fill="#868e96" />
      <rect x={5} y={15} width={12} height={3} rx={1} fill="#adb5bd" />
    </>
  );
}

/**
 * The icon of a payment method, chosen by its name (Visa, PayPal, Mastercard, Venmo, Zelle,
 * Google Pay, Apple Pay, MoneyGram, in any case or spacing; a generic card for anything else).
 * Decorative: the method's name is always written beside it.
 */
export function PaymentMethodIcon({ name, height = H }: { name: string; height?: number }) {
  const brand = paymentMethodBrand(name);
  const card = brand ? CARDS[brand] : null;
  return (
    <svg
      width={(height * W) / H}
      height={height}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      focusable="false"
      data-testid="payment-method-icon"
      data-brand={brand ?? 'generic'}
      style={{ flex: 'none', display: 'block' }}
    >
      {card ? (
        <>
          <title>{brand ? PAYMENT_BRAND_LABEL[brand] : ''}</title>
          <rect
            x={0.5}
            y={0.5}
            width={W - 1}
            height={H - 1}
            rx={4}
            fill={card.bg}
            stroke={card.border ?? card.bg}
          />
          {card.mark}
        </>
      ) : (
        <GenericCard />
      )}
    </svg>
  );
}
