import { Box, LoadingOverlay, type MantineSpacing } from '@mantine/core';
import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  acceptAttribute,
  sortChosenFiles,
  type AcceptedFileTypes,
  type FileRejection,
} from './file-drop-zone-files';
import classes from './file-drop-zone.module.css';

export type { FileRejection } from './file-drop-zone-files';

interface FileDropZoneProps {
  /** The accessible name of the file input, e.g. "Schedule file". */
  label: string;
  /** Offered by the picker; checked on drop only when `onReject` is given. */
  accept: AcceptedFileTypes;
  maxSize?: number;
  multiple?: boolean;
  onDrop: (files: File[]) => void;
  /** Without it, every file goes to `onDrop` and the caller explains what it cannot read. */
  onReject?: (rejections: FileRejection[]) => void;
  loading?: boolean;
  /** A click anywhere opens the picker and the zone takes keyboard focus; else use `openRef`. */
  activateOnClick?: boolean;
  /** Opens the file picker, e.g. from a button inside the zone. */
  openRef?: Ref<() => void>;
  /** Moves keyboard focus to the file input, e.g. after a read the user cancelled. */
  focusRef?: Ref<() => void>;
  p?: MantineSpacing;
  children: ReactNode;
}

/**
 * A drop area around a labelled file input: drag a file onto it, or choose one with the picker
 * (by click, or by keyboard on the input, whose focus shows on the zone).
 */
export function FileDropZone({
  label,
  accept,
  maxSize,
  multiple = false,
  onDrop,
  onReject,
  loading = false,
  activateOnClick = true,
  openRef,
  focusRef,
  p,
  children,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child the pointer crosses; count them to know when it left.
  const dragDepth = useRef(0);
  useImperativeHandle(openRef, () => () => inputRef.current?.click(), []);
  useImperativeHandle(focusRef, () => () => inputRef.current?.focus(), []);

  const take = (files: File[]) => {
    if (files.length === 0 || loading) return;
    if (!onReject) {
      onDrop(multiple ? files : files.slice(0, 1));
      return;
    }
    const { accepted, rejections } = sortChosenFiles(files, { accept, maxSize, multiple });
    if (rejections.length > 0) onReject(rejections);
    if (accepted.length > 0) onDrop(accepted);
  };

  return (
    <Box
      className={classes.zone}
      p={p}
      data-dragging={dragging || undefined}
      data-clickable={activateOnClick || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // The input's own click (from the picker opening) bubbles here too.
        if (!activateOnClick || loading || event.target === inputRef.current) return;
        inputRef.current?.click();
      }}
      onDragEnter={(event) => {
        event.preventDefault();
        dragDepth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = loading ? 'none' : 'copy';
      }}
      onDragLeave={() => {
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (dragDepth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        dragDepth.current = 0;
        setDragging(false);
        take([...event.dataTransfer.files]);
      }}
    >
      <input
        ref={inputRef}
        type="file"
        className={`visually-hidden ${classes.input}`}
        aria-label={label}
        accept={acceptAttribute(accept)}
        multiple={multiple}
        disabled={loading}
        // Reached by the button inside instead when the zone itself is not clickable.
        tabIndex={activateOnClick ? 0 : -1}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so choosing the same file again (after fixing it) is noticed.
          event.currentTarget.value = '';
          take(files);
        }}
      />
      <LoadingOverlay visible={loading} loaderProps={{ type: 'dots' }} />
      {children}
    </Box>
  );
}
