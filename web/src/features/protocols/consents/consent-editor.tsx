import '@mantine/tiptap/styles.layer.css';
import { useEffect, useId } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import { useTranslation } from 'react-i18next';
import classes from './consent-editor.module.css';

/** The editor's HTML, or '' when nothing is written (tiptap keeps an empty paragraph). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

interface Props {
  label: string;
  /** The text the editor starts with; later changes come only from typing. */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Once the editor has read `initialHtml`: the same text as the editor writes it (for a fair unsaved-changes check). */
  onReady?: (html: string) => void;
  description?: string;
  error?: string | null;
}

/**
 * The consent text editor (spec 2 §2, §9): headings 1-3, bold, italic, lists and links, the formats the
 * server's sanitiser keeps (docs/protocols.md); anything else (underline, code, quotes) is left out so
 * what the author sees is what is stored. The editable area is a labelled multi-line text box and every
 * toolbar button is a Tab stop with a name; the usual shortcuts work (Ctrl+B, Ctrl+I, Ctrl+K for a link).
 */
export function ConsentEditor({ label, initialHtml, onChange, onReady, description, error }: Props) {
  const id = useId();
  const { t } = useTranslation('protocols');
  const labelId = `${id}-label`;
  const describedBy =
    [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        // Mantine's Link (below) adds Ctrl+K; the rest are formats the server would drop.
        link: false,
        underline: false,
        strike: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
      }),
      Link,
      Placeholder.configure({ placeholder: t('editor.placeholder') }),
    ],
    content: initialHtml,
    onCreate: ({ editor: e }) => onReady?.(htmlOf(e)),
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
  });

  // The editable area is not an <input>: name it, and point it at the description and the error, by hand.
  // Set through the editor's options, not by recreating it, so a new error never loses what was typed.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, labelId, describedBy, error]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      description={description}
      error={error}
      id={id}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        classNames={{ content: classes.content }}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        labels={{
          h1ControlLabel: t('editor.h1'),
          h2ControlLabel: t('editor.h2'),
          h3ControlLabel: t('editor.h3'),
          boldControlLabel: t('editor.bold'),
          italicControlLabel: t('editor.italic'),
          bulletListControlLabel: t('editor.bulletList'),
          orderedListControlLabel: t('editor.orderedList'),
          linkControlLabel: t('editor.link'),
          unlinkControlLabel: t('editor.unlink'),
          linkEditorInputLabel: t('editor.linkInput'),
          linkEditorInputPlaceholder: t('editor.linkPlaceholder'),
          linkEditorExternalLink: t('editor.linkExternal'),
          linkEditorInternalLink: t('editor.linkInternal'),
          linkEditorSave: t('editor.linkSave'),
        }}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={60} role="group" aria-label={t('editor.formatting', { label })}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
