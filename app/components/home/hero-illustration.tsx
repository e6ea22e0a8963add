/**
 * Decorative hero drawing (inline SVG, no download): a browser window and a phone showing an app,
 * with a proposal card in front. Hidden from assistive technology.
 */
export function HeroIllustration({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 420 340" className={className} aria-hidden="true" focusable="false">
      <defs>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="6" stdDeviation="8" floodColor="#0f172a" floodOpacity="0.12" />
        </filter>
      </defs>
      <circle cx="230" cy="170" r="150" fill="#ecf8f3" />
      <circle cx="360" cy="60" r="18" fill="#f2a900" opacity="0.9" />
      {/* Browser window */}
      <g filter="url(#hero-shadow)">
        <rect x="40" y="44" width="290" height="196" rx="12" fill="#fff" stroke="#e2e8f0" />
        <path d="M40 56a12 12 0 0 1 12-12h266a12 12 0 0 1 12 12v14H40z" fill="#f1f5f9" />
        <circle cx="58" cy="57" r="4" fill="#cbd5e1" />
        <circle cx="72" cy="57" r="4" fill="#cbd5e1" />
        <circle cx="86" cy="57" r="4" fill="#cbd5e1" />
        <rect x="60" y="88" width="120" height="12" rx="6" fill="#0b6e4f" />
        <rect x="60" y="110" width="180" height="8" rx="4" fill="#cbd5e1" />
        <rect x="60" y="126" width="150" height="8" rx="4" fill="#e2e8f0" />
        <rect x="60" y="152" width="76" height="58" rx="8" fill="#d0eee2" />
        <rect x="146" y="152" width="76" height="58" rx="8" fill="#f1f5f9" />
        <rect x="70" y="192" width="40" height="8" rx="4" fill="#0b6e4f" />
        <rect x="156" y="192" width="40" height="8" rx="4" fill="#94a3b8" />
      </g>
      {/* Phone */}
      <g filter="url(#hero-shadow)">
        <rect x="262" y="92" width="118" height="222" rx="20" fill="#0f172a" />
        <rect x="270" y="104" width="102" height="198" rx="13" fill="#fff" />
        <rect x="306" y="98" width="30" height="4" rx="2" fill="#334155" />
        <rect x="280" y="116" width="82" height="44" rx="8" fill="#0b6e4f" />
        <rect x="288" y="128" width="44" height="7" rx="3.5" fill="#a3dcc6" />
        <rect x="288" y="141" width="30" height="7" rx="3.5" fill="#fff" />
        <rect x="280" y="170" width="82" height="9" rx="4.5" fill="#e2e8f0" />
        <rect x="280" y="186" width="60" height="9" rx="4.5" fill="#e2e8f0" />
        <rect x="280" y="206" width="38" height="38" rx="8" fill="#f1f5f9" />
        <rect x="324" y="206" width="38" height="38" rx="8" fill="#ecf8f3" />
        <rect x="280" y="252" width="82" height="36" rx="18" fill="#0b6e4f" />
        <rect x="302" y="266" width="38" height="8" rx="4" fill="#fff" />
      </g>
      {/* Proposal card */}
      <g filter="url(#hero-shadow)">
        <rect x="14" y="224" width="214" height="84" rx="12" fill="#fff" stroke="#e2e8f0" />
        <circle cx="46" cy="256" r="16" fill="#0b6e4f" />
        <path d="M40 256l4.5 4.5L53 252" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="72" y="244" width="96" height="9" rx="4.5" fill="#334155" />
        <rect x="72" y="260" width="132" height="7" rx="3.5" fill="#cbd5e1" />
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={i} transform={`translate(${72 + i * 17} 278)`} d="M7 0l2.1 4.4 4.9.6-3.6 3.3.9 4.8L7 10.8 2.7 13.1l.9-4.8L0 5l4.9-.6z" fill="#f2a900" />
        ))}
      </g>
    </svg>
  );
}
