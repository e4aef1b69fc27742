/* fatekit page bundle of sources 3cab8886a4d6b069d09692c65bb28276650caa0eebd50beb252df8c35771cf51 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-PMGDPFCZ.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
