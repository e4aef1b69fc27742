/* fatekit page bundle of sources 17f119de8bd5818da783c9bbf85de9b609dffc84c8484f6141bafecaed51308a */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-UU6KIOTK.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
