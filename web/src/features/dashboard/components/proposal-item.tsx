import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { DateTimeText } from '../../../components/date-time-text';
import { useTypeTitle } from '../../../lib/admin-content-types';
import type { Proposal } from '../../../lib/contract';
import '../strings';
import '../../../components/assignment/strings';

/** One proposed entry: title, type, last update, its latest comment behind a toggle, and Moderate. */
export function ProposalItem({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const typeTitle = useTypeTitle();
  const [showComment, { toggle }] = useDisclosure(false);
  const commentId = useId();
  const comment = proposal.latest_comment;

  return (
    <Card withBorder component="li" padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {proposal.title || t('admin.untitled')}
            </Title>
            <Text size="sm">
              {t('dashboard.typeLabel')}: {typeTitle(proposal.type)}
            </Text>
            <Text size="sm">
              {t('dashboard.updatedLabel')}: <DateTimeText value={proposal.updated_at} />
            </Text>
            <Text size="sm">
              {t('assignment.assignee')}: {proposal.assignee ?? t('assignment.nobody')}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={paths.moderateCPT({ cpt: proposal.type, id: proposal.id })}
            aria-label={t('dashboard.moderateEntry', { title: proposal.title || t('admin.untitled') })}
          >
            {t('dashboard.moderate')}
          </Button>
        </Group>
        {comment ? (
          <>
            <Anchor
              component="button"
              type="button"
              onClick={toggle}
              aria-expanded={showComment}
              aria-controls={commentId}
              w="fit-content"
            >
              {showComment ? t('dashboard.hideComment') : t('dashboard.showComment')}
            </Anchor>
            <Collapse expanded={showComment} id={commentId}>
              <Stack gap={4} p="sm" bg="var(--mantine-color-default-hover)">
                <Group gap="xs">
                  <Text fw={600}>{comment.title}</Text>
                  <Badge
                    variant="filled"
                    tt="none"
                    color={comment.origin === 'moderation' ? 'blue.9' : 'gray.7'}
                  >
                    {t(`admin.comments.origin.${comment.origin}`)}
                  </Badge>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {comment.content}
                </Text>
                <Text size="xs" c="dimmed">
                  <DateTimeText value={comment.created_at} />
                </Text>
              </Stack>
            </Collapse>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dashboard.noComment')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
