import { Mark, Text } from '@mantine/core';
import type { SnippetPart } from '../../../lib/contract';

/** A hit's snippet with the matching words marked; every part is text, never HTML. */
export function SnippetText({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <Text size="sm">
      {parts.map((part, index) =>
        part.match ? <Mark key={index}>{part.text}</Mark> : <span key={index}>{part.text}</span>,
      )}
    </Text>
  );
}
