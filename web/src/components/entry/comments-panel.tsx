import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  type TitleOrder,
} from '@mantine/core';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_TITLE_MAX,
  type Comment,
  type CommentInput,
  type CommentOrigin,
} from '@einwurf/contract';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isHandledError } from '../../lib/api-client';
import { useKeepFocus } from '../../lib/keep-focus';
import { DateTimeText } from '../date-time-text';
import classes from './entry-panels.module.css';

/** Whose screen shows the panel: the author reads "Moderation"/"Du", moderation names both sides. */
export type CommentsViewer = 'author' | 'moderation';

type CommentsTexts = {
  intro: ParseKeys;
  loading: ParseKeys;
  empty: ParseKeys;
  list: ParseKeys;
  origin: Record<CommentOrigin, ParseKeys>;
  form: ParseKeys;
  subject: ParseKeys;
  content: ParseKeys;
  submit: ParseKeys;
  addFailed: ParseKeys;
};

const TEXTS: Record<CommentsViewer, CommentsTexts> = {
  author: {
    intro: 'comments.intro',
    loading: 'comments.loading',
    empty: 'comments.none',
    list: 'comments.list',
    origin: { moderation: 'comments.origin.moderation', contributor: 'comments.origin.contributor' },
    form: 'comments.formLabel',
    subject: 'comments.subject',
    content: 'comments.content',
    submit: 'comments.submit',
    addFailed: 'comments.addFailed',
  },
  moderation: {
    intro: 'admin.comments.internal',
    loading: 'common.loading',
    empty: 'admin.comments.empty',
    list: 'admin.comments.listLabel',
    origin: {
      moderation: 'admin.comments.origin.moderation',
      contributor: 'admin.comments.origin.contributor',
    },
    form: 'admin.comments.add',
    subject: 'admin.comments.fieldTitle',
    content: 'admin.comments.fieldContent',
    submit: 'admin.comments.submit',
    addFailed: 'admin.comments.addFailed',
  },
};

// Dark shades keep the white badge text above WCAG AA contrast.
const BADGE_COLOURS: Record<CommentOrigin, string> = { moderation: 'blue.9', contributor: 'gray.7' };

type CommentsPanelProps = {
  comments: readonly Comment[];
  /** Adds a comment; the form clears when the promise resolves and shows an error when it rejects. */
  onAdd: (input: CommentInput) => Promise<unknown>;
  viewer: CommentsViewer;
  isLoading?: boolean;
  /** A translated message when the comments could not be loaded. */
  loadError?: string | null;
  /** Whether the form to add a comment shows (an author cannot write on a read-only entry). */
  canWrite?: boolean;
  /** A translated hint under the form's heading, such as who will read the comment. */
  formHint?: string | null;
  titleMax?: number;
  contentMax?: number;
  headingOrder?: TitleOrder;
  /** Controls at the top of the form, given a function that fills it (a moderator's templates). */
  formTools?: (fill: (input: CommentInput) => void) => ReactNode;
};

/** The internal comments of one entry, oldest first, each with its origin badge, and a form to add one. */
export function CommentsPanel({
  comments,
  onAdd,
  viewer,
  isLoading = false,
  loadError = null,
  canWrite = true,
  formHint = null,
  titleMax = COMMENT_TITLE_MAX,
  contentMax = COMMENT_CONTENT_MAX,
  headingOrder = 2,
  formTools,
}: CommentsPanelProps) {
  const { t } = useTranslation();
  const texts = TEXTS[viewer];
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [touched, setTouched] = useState(false);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const contentInput = useRef<HTMLTextAreaElement>(null);
  // The send button is disabled while sending; focus comes back to it rather than to the page.
  const keepFocus = useKeepFocus(pending);
  const titleMissing = title.trim() === '';

  // A subject already written stays; a text already written is kept above the inserted one.
  const fill = (input: CommentInput) => {
    setTitle((current) => (current.trim() === '' ? input.title : current));
    setContent((current) =>
      current.trim() === '' ? input.content : `${current.trimEnd()}\n\n${input.content}`,
    );
    contentInput.current?.focus();
  };
  const contentMissing = content.trim() === '';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (titleMissing || contentMissing) return;
    setFailed(false);
    keepFocus();
    setPending(true);
    onAdd({ title: title.trim(), content: content.trim() }).then(
      () => {
        setPending(false);
        setTitle('');
        setContent('');
        setTouched(false);
      },
      (error: unknown) => {
        setPending(false);
        // An error the API client already reported (an expired session, say) needs no second message.
        setFailed(!isHandledError(error));
      },
    );
  };

  return (
    <section aria-labelledby="comments-heading">
      <Title order={headingOrder} size="h3" id="comments-heading" mb="sm">
        {t('comments.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(texts.intro)}
      </Text>
      {loadError ? (
        <Alert color="red" variant="light" role="alert">
          {loadError}
        </Alert>
      ) : isLoading ? (
        <Loader size="sm" role="progressbar" aria-label={t(texts.loading)} />
      ) : comments.length === 0 ? (
        <Text c="dimmed">{t(texts.empty)}</Text>
      ) : (
        <ol className={classes.list} aria-label={t(texts.list)}>
          {comments.map((comment) => (
            <li key={comment.id} id={`comment-${comment.id}`} tabIndex={-1} className={classes.comment}>
              <Group justify="space-between" gap="xs" mb={4}>
                <Text fw={600}>{comment.title}</Text>
                <Badge variant="filled" tt="none" color={BADGE_COLOURS[comment.origin]}>
                  {t(texts.origin[comment.origin])}
                </Badge>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {comment.content}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                <DateTimeText value={comment.created_at} />
              </Text>
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form onSubmit={handleSubmit} noValidate aria-labelledby="comment-form-heading">
          <Stack gap="sm" mt="md">
            <Title order={(headingOrder + 1) as TitleOrder} size="h4" id="comment-form-heading">
              {t(texts.form)}
            </Title>
            {formHint && (
              <Text size="sm" c="dimmed">
                {formHint}
              </Text>
            )}
            {formTools?.(fill)}
            <TextInput
              label={t(texts.subject)}
              value={title}
              maxLength={titleMax}
              required
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={touched && titleMissing ? t('validation.required') : undefined}
            />
            <Textarea
              ref={contentInput}
              label={t(texts.content)}
              value={content}
              maxLength={contentMax}
              autosize
              minRows={3}
              maxRows={6}
              required
              onChange={(event) => setContent(event.currentTarget.value)}
              error={touched && contentMissing ? t('validation.required') : undefined}
            />
            {failed && (
              <Alert color="red" variant="light" role="alert">
                {t(texts.addFailed)}
              </Alert>
            )}
            <Button type="submit" loading={pending} w="fit-content">
              {t(texts.submit)}
            </Button>
          </Stack>
        </form>
      )}
    </section>
  );
}
