/** LXD description text: `code` spans become <code>; everything else stays plain text. */
export function RichText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index}>{part}</code>
        ) : (
          <span key={index}>{part.replace(/\{(config:option|ref|config)\}/g, '')}</span>
        ),
      )}
    </>
  );
}
