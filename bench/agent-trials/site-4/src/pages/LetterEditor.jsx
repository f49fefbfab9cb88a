import React, { useEffect, useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router';
import { useEditor, EditorContent, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { getJson, postJson, fmtDate } from '../api.js';

function Toolbar({ editor }) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => ({
    bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'),
    bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), undo: e.can().undo(), redo: e.can().redo(),
  }) });
  const b = (key, label, title, run, sx) => (
    <ToggleButton value={key} selected={!!s[key]} aria-label={title} title={title} onMouseDown={(e) => e.preventDefault()}
      onClick={() => run(editor.chain().focus()).run()} sx={{ px: 1.2, textTransform: 'none', ...sx }}>{label}</ToggleButton>
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
      <ToggleButtonGroup size="small">
        {b('bold', 'B', 'Bold', (c) => c.toggleBold(), { fontWeight: 700 })}
        {b('italic', 'I', 'Italic', (c) => c.toggleItalic(), { fontStyle: 'italic' })}
        {b('underline', 'U', 'Underline', (c) => c.toggleUnderline(), { textDecoration: 'underline' })}
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small">
        {b('bullet', '• List', 'Bulleted list', (c) => c.toggleBulletList())}
        {b('ordered', '1. List', 'Numbered list', (c) => c.toggleOrderedList())}
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small">
        <ToggleButton value="undo" disabled={!s.undo} title="Undo" aria-label="Undo" onClick={() => editor.chain().focus().undo().run()} sx={{ textTransform: 'none' }}>Undo</ToggleButton>
        <ToggleButton value="redo" disabled={!s.redo} title="Redo" aria-label="Redo" onClick={() => editor.chain().focus().redo().run()} sx={{ textTransform: 'none' }}>Redo</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}

function Editor({ letter }) {
  const [msg, setMsg] = useState(null);
  const [saving, setSaving] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ trailingNode: false, link: false, heading: false, codeBlock: false, code: false, blockquote: false, horizontalRule: false })],
    content: letter.html,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': 'Letter text', class: 'letter-body' } },
  });
  const save = async () => {
    setSaving(true);
    try {
      const r = await postJson(`/api/letters/${letter.id}`, { doc: editor.getJSON(), html: editor.getHTML() });
      setMsg({ sev: 'success', text: `Draft saved at ${new Date(r.savedAt).toLocaleTimeString('en-GB')}.` });
    } catch (e) { setMsg({ sev: 'error', text: 'Saving failed: ' + e.message }); }
    setSaving(false);
  };
  return (
    <>
      <Paper variant="outlined" sx={{ maxWidth: 820 }}>
        <Toolbar editor={editor} />
        <Box sx={{ height: 360, overflowY: 'auto', px: 3, py: 1, '& .letter-body': { outline: 'none', minHeight: 340, lineHeight: 1.6, fontFamily: 'Georgia, serif' } }}>
          <EditorContent editor={editor} />
        </Box>
      </Paper>
      <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Button variant="contained" onClick={save} disabled={saving}>Save draft</Button>
        <Link component={RouterLink} to="/letters">Back to letters</Link>
      </Box>
      {msg && <Alert severity={msg.sev} sx={{ mt: 2, maxWidth: 820 }}>{msg.text}</Alert>}
    </>
  );
}

export default function LetterEditor() {
  const { id } = useParams();
  const [letter, setLetter] = useState(null);
  const [err, setErr] = useState('');
  useEffect(() => { setLetter(null); getJson(`/api/letters/${id}`).then(setLetter).catch(() => setErr('There is no letter ' + id + '.')); }, [id]);
  if (err) return <Alert severity="warning">{err}</Alert>;
  if (!letter) return <Typography>Loading…</Typography>;
  return (
    <>
      <Typography variant="h5">{letter.type} — {letter.patient}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{letter.id} · {letter.patientId} · author {letter.author} · last change {fmtDate(letter.updated)}</Typography>
      <Divider sx={{ mb: 2 }} />
      <Editor key={letter.id} letter={letter} />
    </>
  );
}
