/** A small flag from /flags/4x3 for selectors; decorative (the label says the name). */
export function FlagImage({ code, width = 20 }: { code: string; width?: number }) {
  return (
    <img
      src={`/flags/4x3/${code}.svg`}
      alt=""
      width={width}
      height={Math.round((width * 3) / 4)}
      style={{ borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.08)', flexShrink: 0, display: 'block' }}
    />
  );
}
