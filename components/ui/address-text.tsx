/** A CEP as the address formatters write it (lib/brazil.ts normalizeCep): 12345-678. */
const CEP_IN_TEXT = /(\b\d{5}-\d{3}\b)/;

/**
 * An address line as lib/users/format-address.ts formatAddress or lib/shop.ts formatShopAddress
 * builds it, rendered with its CEP on one line: a narrow screen may wrap the line between words
 * but never after the CEP's hyphen ('05433-' / '000'). The text itself stays as formatted.
 */
export function AddressText({ text }: { text: string }) {
  return text.split(CEP_IN_TEXT).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
